/** The brand mark; decorative, the surrounding link carries the name. */
export function Logo() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 220 40" width="176" height="32">
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round">
        <path d="M6 4c14 8 14 24 0 32M26 4C12 12 12 28 26 36" />
        <path d="M9 12h14M8 20h16M9 28h14" strokeWidth="2" />
      </g>
      <text x="38" y="26" fill="currentColor" fontSize="17" fontWeight="700" fontFamily="inherit">
        DNA Discovery
      </text>
    </svg>
  );
}
