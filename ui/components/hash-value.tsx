// A SHA-256 in hex (a lottery's commitment or seed, issue 32 item 1), as the
// member's panel, the editor and the staff draw page show it: whole, breaking
// in its middle when it must (two lines of 32 rather than 63 and one), its
// letters made smaller where half of it would not fit the box (a window at 375 px). Its styles (hash-value.css) come
// with the lists' area stylesheet, components/lists.css, which all three load.
export function HashValue({ value, testId, labelledBy }: { value: string; testId: string; labelledBy?: string }) {
  const half = Math.ceil(value.length / 2);
  return (
    <span className="hash-value-box">
      <code className="hash-value" data-testid={testId} aria-labelledby={labelledBy}>
        {value.slice(0, half)}
        <wbr />
        {value.slice(half)}
      </code>
    </span>
  );
}
