// Decorative drawings for the intro carousel. They carry no information (aria-hidden): the slide's
// title and text say everything.
import type { ReactNode } from 'react';

const card = 'rgba(255,255,255,0.96)';
const line = 'rgba(22,26,43,0.08)';
const inkSoft = 'rgba(22,26,43,0.18)';
const teal = '#14b8a6';
const amber = '#f5b942';
const pink = '#ec5f9a';
const indigo = '#5a66f0';
const green = '#34c77b';

function Frame({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 320 220" width="100%" height="100%" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

function Bar({
  x,
  y,
  w,
  color,
  o = 1,
}: {
  x: number;
  y: number;
  w: number;
  color: string;
  o?: number;
}) {
  return <rect x={x} y={y} width={w} height={6} rx={3} fill={color} opacity={o} />;
}

export function WelcomeIllustration() {
  const hours = [0, 1, 2, 3, 4, 5];
  return (
    <Frame>
      <circle cx="262" cy="42" r="22" fill={amber} opacity="0.95" />
      <circle cx="262" cy="42" r="32" fill={amber} opacity="0.18" />
      <rect x="44" y="26" width="196" height="172" rx="18" fill={card} />
      {hours.map((h) => (
        <g key={h}>
          <rect x="58" y={50 + h * 24} width="18" height="5" rx="2.5" fill={inkSoft} />
          <rect x="84" y={52 + h * 24} width="140" height="1" fill={line} />
        </g>
      ))}
      <rect x="88" y="56" width="132" height="40" rx="8" fill={indigo} opacity="0.16" />
      <rect x="88" y="56" width="4" height="40" rx="2" fill={indigo} />
      <Bar x={100} y={66} w={70} color={indigo} />
      <Bar x={100} y={78} w={44} color={indigo} o={0.45} />
      <rect x="88" y="102" width="132" height="22" rx="8" fill={teal} opacity="0.18" />
      <rect x="88" y="102" width="4" height="22" rx="2" fill={teal} />
      <Bar x={100} y={110} w={56} color={teal} />
      <rect x="88" y="130" width="132" height="46" rx="8" fill={pink} opacity="0.16" />
      <rect x="88" y="130" width="4" height="46" rx="2" fill={pink} />
      <Bar x={100} y={140} w={84} color={pink} />
      <Bar x={100} y={152} w={52} color={pink} o={0.45} />
      <circle cx="80" cy="127" r="4" fill="#f0473c" />
      <rect x="80" y="126" width="144" height="2" fill="#f0473c" />
    </Frame>
  );
}

function ListRow({
  y,
  color,
  kind,
}: {
  y: number;
  color: string;
  kind: 'task' | 'event' | 'reminder';
}) {
  return (
    <g>
      <rect x="40" y={y} width="210" height="44" rx="12" fill={card} />
      {kind === 'task' && (
        <rect
          x="54"
          y={y + 13}
          width="18"
          height="18"
          rx="5"
          fill="none"
          stroke={color}
          strokeWidth="2.5"
        />
      )}
      {kind === 'event' && (
        <g>
          <rect x="54" y={y + 12} width="18" height="20" rx="4" fill={color} opacity="0.2" />
          <rect x="54" y={y + 12} width="18" height="6" rx="3" fill={color} />
        </g>
      )}
      {kind === 'reminder' && <circle cx="63" cy={y + 22} r="9" fill={color} opacity="0.9" />}
      <Bar x={84} y={y + 14} w={110} color="rgba(22,26,43,0.55)" />
      <Bar x={84} y={y + 25} w={64} color={inkSoft} />
      <rect x="206" y={y + 15} width="30" height="14" rx="7" fill={color} opacity="0.18" />
    </g>
  );
}

export function OrganizeIllustration() {
  return (
    <Frame>
      <rect x="62" y="20" width="210" height="44" rx="12" fill="rgba(255,255,255,0.35)" />
      <ListRow y={44} color={teal} kind="task" />
      <ListRow y={98} color={indigo} kind="event" />
      <ListRow y={152} color={amber} kind="reminder" />
      <circle cx="270" cy="190" r="20" fill={pink} />
      <rect x="261" y="188.5" width="18" height="3" rx="1.5" fill="#fff" />
      <rect x="268.5" y="181" width="3" height="18" rx="1.5" fill="#fff" />
    </Frame>
  );
}

export function EstimationIllustration() {
  return (
    <Frame>
      <rect x="28" y="60" width="264" height="100" rx="18" fill={card} />
      <rect x="44" y="82" width="56" height="56" rx="10" fill={indigo} opacity="0.9" />
      <rect x="220" y="82" width="56" height="56" rx="10" fill={indigo} opacity="0.9" />
      <rect x="106" y="82" width="52" height="56" rx="10" fill={teal} />
      <rect x="162" y="82" width="52" height="56" rx="10" fill={teal} opacity="0.35" />
      <rect
        x="162"
        y="82"
        width="52"
        height="56"
        rx="10"
        fill="none"
        stroke={teal}
        strokeWidth="2"
        strokeDasharray="5 4"
      />
      <Bar x={54} y={94} w={30} color="#fff" o={0.9} />
      <Bar x={230} y={94} w={30} color="#fff" o={0.9} />
      <Bar x={116} y={94} w={30} color="#fff" />
      <circle cx="160" cy="34" r="22" fill={card} />
      <circle cx="160" cy="34" r="16" fill="none" stroke={indigo} strokeWidth="3" />
      <rect x="158.5" y="23" width="3" height="12" rx="1.5" fill={indigo} />
      <rect x="158.5" y="32.5" width="10" height="3" rx="1.5" fill={indigo} />
      <path
        d="M160 60 L160 74"
        stroke="rgba(255,255,255,0.7)"
        strokeWidth="2"
        strokeDasharray="3 4"
      />
      <rect x="96" y="176" width="128" height="24" rx="12" fill="rgba(255,255,255,0.3)" />
      <Bar x={112} y={185} w={60} color="#fff" />
      <circle cx="200" cy="188" r="5" fill={green} />
    </Frame>
  );
}

function arc(cx: number, cy: number, r: number, from: number, to: number): string {
  const point = (turn: number) => {
    const angle = turn * 2 * Math.PI - Math.PI / 2;
    return `${cx + r * Math.cos(angle)} ${cy + r * Math.sin(angle)}`;
  };
  const large = to - from > 0.5 ? 1 : 0;
  return `M ${point(from)} A ${r} ${r} 0 ${large} 1 ${point(to)}`;
}

export function AnalysisIllustration() {
  const slices: [number, number, string][] = [
    [0, 0.38, indigo],
    [0.4, 0.62, teal],
    [0.64, 0.82, amber],
    [0.84, 0.98, pink],
  ];
  const bars: [number, string][] = [
    [92, indigo],
    [64, teal],
    [46, amber],
    [28, pink],
  ];
  return (
    <Frame>
      <rect x="24" y="28" width="272" height="164" rx="18" fill={card} />
      {slices.map(([from, to, color]) => (
        <path
          key={color}
          d={arc(98, 110, 44, from, to)}
          stroke={color}
          strokeWidth="18"
          fill="none"
        />
      ))}
      <Bar x={82} y={104} w={32} color="rgba(22,26,43,0.55)" />
      <Bar x={88} y={114} w={20} color={inkSoft} />
      {bars.map(([width, color], index) => (
        <g key={color}>
          <circle cx="174" cy={70 + index * 28} r="5" fill={color} />
          <rect
            x="186"
            y={67 + index * 28}
            width={width}
            height="7"
            rx="3.5"
            fill={color}
            opacity="0.85"
          />
        </g>
      ))}
    </Frame>
  );
}
