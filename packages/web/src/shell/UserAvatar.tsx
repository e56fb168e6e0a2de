import Avatar from '@mui/material/Avatar';

interface UserAvatarProps {
  name: string;
  email: string;
  avatarUrl?: string;
  size?: number;
}

function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters =
    words.length > 0 ? words.slice(0, 2).map((w) => Array.from(w)[0]) : [Array.from(email)[0]];
  return letters.join('').toUpperCase();
}

export function UserAvatar({ name, email, avatarUrl, size = 40 }: UserAvatarProps) {
  return (
    <Avatar
      src={avatarUrl || undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        fontWeight: 700,
        bgcolor: 'primary.light',
        color: 'common.white',
      }}
    >
      {initialsOf(name, email)}
    </Avatar>
  );
}
