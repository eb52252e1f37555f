// The rich-text editor (Quill 2) for every editor of the portal: news and
// notices, the home page's announcement. Quill and its stylesheet (the
// "editing" area, components/editing.css) are fetched the first time an
// editor opens, so members who only read never download them.
//
//   <RichTextEditor labelledBy="x-label" value={html} onChange={setHtml} />
//
// `value` is the starting text only (the editor keeps its own state); every
// change is reported as Quill's HTML, or "" when empty. Images go through
// /upload/image (2 MB, png/jpeg, one at a time) and are inserted by address.
import { Suspense, lazy } from "react";
import { withAreaStyles } from "../lib/area-styles";
import type { RichTextEditorProps } from "./rich-text-editor";

const QuillEditor = lazy(withAreaStyles("editing", () => import("./rich-text-editor")));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="rich-editor-waiting" aria-busy="true" />}>
      <QuillEditor {...props} />
    </Suspense>
  );
}
