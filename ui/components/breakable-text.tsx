// A long word people read, such as an e-mail address, may wrap only where a
// reader expects it to: after "@" and before a ".". The browser breaks it
// elsewhere only when even a piece is wider than the line.
import { Fragment } from "react";

export function BreakableText({ text }: { text: string }) {
  const pieces = text.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
