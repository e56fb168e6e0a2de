import Box from '@mui/material/Box';
import MenuList from '@mui/material/MenuList';
import Popover, { type PopoverProps } from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

type Anchor = NonNullable<PopoverProps['anchorEl']>;

function resolve(anchor: Anchor | null): Element | null {
  const element = typeof anchor === 'function' ? anchor() : anchor;
  return element instanceof Element ? element : null;
}

export interface TitledMenuProps {
  /** An element, or a function finding it when the menu is placed (a list drawn anew). */
  anchor: Anchor | null;
  title: string;
  /**
   * A line under the title saying more about what the menu acts on. Like the title it sits
   * beside the list (a menu holds only items) and describes it, so a screen reader reads it as
   * the menu opens, and the first item keeps the focus.
   */
  description?: ReactNode;
  onClose: () => void;
  minWidth?: number;
  maxWidth?: number;
  children: ReactNode;
}

/**
 * A menu with a title line above its items. MUI's Menu puts everything inside role=menu, where a
 * title is not allowed (only items and groups are); here the title sits beside the list and names
 * it, and the menu behaves as MUI's does: first item focused, Tab or Escape closes it.
 */
export function TitledMenu({
  anchor,
  title,
  description,
  onClose,
  minWidth = 240,
  maxWidth = 320,
  children,
}: TitledMenuProps) {
  const titleId = useId();
  const descriptionId = useId();
  // The opener, to take the focus back should the element that had it be gone by then.
  const opener = useRef<Anchor | null>(anchor);
  if (anchor !== null) opener.current = anchor;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    onClose();
  };
  return (
    <Popover
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{
        paper: { sx: { minWidth, maxWidth } },
        transition: {
          onExited: () => {
            const element = resolve(opener.current);
            const isLost =
              document.activeElement === null || document.activeElement === document.body;
            if (isLost && element instanceof HTMLElement) element.focus();
          },
        },
      }}
    >
      <Typography
        id={titleId}
        variant="subtitle2"
        noWrap
        sx={{ px: 2, pt: 1.25, pb: 0.5, fontWeight: 700, color: 'text.secondary' }}
      >
        {title}
      </Typography>
      {description && (
        <Box id={descriptionId} sx={{ px: 2, pt: 0.5, pb: 1 }}>
          {description}
        </Box>
      )}
      <MenuList
        autoFocusItem
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={onKeyDown}
        sx={{ pt: 0 }}
      >
        {children}
      </MenuList>
    </Popover>
  );
}
