// The layout editor's style allowlist (src/protocol/layout-style.ts): what a
// style may say, and a CSS injection set it must refuse whatever the case,
// spacing, escapes or comments it hides behind.
import { describe, expect, test } from "bun:test";
import { geometryOf, layoutOf, PAGE_WIDTH } from "../../src/protocol/layout";
import { checkLayout } from "../../src/protocol/layout-style";

const one = (element: string, style: Record<string, string>, hover?: Record<string, string>) => checkLayout({ [element]: { visible: true, style, ...(hover ? { hover } : {}) } });
const fault = (element: string, style: Record<string, string>, hover?: Record<string, string>) => {
  const checked = one(element, style, hover);
  return "fault" in checked ? checked.fault : null;
};

describe("the layout style allowlist", () => {
  test("a layout of places, sizes, layers and looks is kept, normalised", () => {
    const checked = checkLayout({
      img: { visible: true, style: { left: "24px", top: "24px", width: "540px", height: "300px", "z-index": "101", "Border-Radius": " 12px ", border: "1px SOLID #DDD" } },
      button: { visible: true, style: { left: "600px", top: "300px", width: "140px", height: "36px", "background-color": "rgb(200, 30, 40)", color: "white" }, hover: { "background-color": "#a01020", "text-decoration": "underline" } },
      title: { visible: false, style: { "font-size": "28px", "font-weight": "700", "text-align": "center", "line-height": "1.4", padding: "4px 8px" } },
      content: { visible: true, style: { "box-shadow": "0px 2px 8px rgba(0, 0, 0, 0.2)", opacity: "0.9", overflow: "hidden" } },
    });
    expect(checked).toEqual({
      layout: {
        img: { visible: true, style: { left: "24px", top: "24px", width: "540px", height: "300px", "z-index": "101", "border-radius": "12px", border: "1px solid #ddd" } },
        button: { visible: true, style: { left: "600px", top: "300px", width: "140px", height: "36px", "background-color": "rgb(200, 30, 40)", color: "white" }, hover: { "background-color": "#a01020", "text-decoration": "underline" } },
        title: { visible: false, style: { "font-size": "28px", "font-weight": "700", "text-align": "center", "line-height": "1.4", padding: "4px 8px" } },
        content: { visible: true, style: { "box-shadow": "0px 2px 8px rgba(0, 0, 0, 0.2)", opacity: "0.9", overflow: "hidden" } },
      },
    });
  });

  test("every element of the page may be given, and nothing else", () => {
    for (const element of ["activity-body", "img", "title", "player", "start", "end", "stock", "groups", "count", "surplus", "price", "shoppingcart", "button", "no-power", "content"]) {
      expect(one(element, { top: "10px" })).toHaveProperty("layout");
    }
    expect(fault("script", {})).toEqual({ element: "script" });
    expect(fault("__proto__", {})).toEqual({ element: "__proto__" });
  });

  const INJECTIONS: [string, string][] = [
    ["background-image", "url(https://evil.example/x.png)"],
    ["background", "url(javascript:alert(1))"],
    ["background-color", "url(x)"],
    ["color", "expression(alert(1))"],
    ["width", "expression(document.body.clientWidth)"],
    ["color", "red;background:url(x)"],
    ["color", "javascript:alert(1)"],
    ["color", "@import 'x.css'"],
    ["behavior", "url(script.htc)"],
    ["behaviour", "url(script.htc)"],
    ["-moz-binding", "url(xss.xml#x)"],
    ["position", "fixed"],
    ["POSITION", "fixed"],
    ["Position", "absolute"],
    ["color", "\\75 rl(x)"],
    ["color", "u\\rl(x)"],
    ["color", "ex/**/pression(alert(1))"],
    ["background-color", "/* url(x) */ red"],
    ["color", "ｒｅｄ"],
    ["color", "red !important"],
    ["font-family", "'Arial'"],
    ["content", "'x'"],
    ["transform", "translate(-9999px)"],
    ["margin-left", "-9999px"],
    ["display", "none"],
    ["cursor", "url(x), auto"],
    ["list-style-image", "url(x)"],
    ["border-image", "url(x) 30 round"],
    ["mask", "url(#x)"],
    ["filter", "url(#x)"],
    ["background-color", "image-set('x.png' 1x)"],
    ["background-color", "var(--x)"],
    ["background-color", "attr(data-x)"],
    ["background-color", "env(safe-area-inset-top)"],
    ["opacity", "calc(1)"],
  ];
  for (const [property, value] of INJECTIONS) {
    test(`refuses ${property}: ${value}`, () => {
      expect(fault("title", { [property]: value })).toEqual({ element: "title", property: property.trim().toLowerCase() });
    });
  }

  test("a property name in odd case is read in lower case, and then allowed or refused like any", () => {
    expect(one("title", { COLOR: "Red", "Font-Size": "20PX" })).toEqual({ layout: { title: { visible: true, style: { color: "red", "font-size": "20px" } } } });
    expect(fault("title", { "Background-Image": "none" })).toEqual({ element: "title", property: "background-image" });
    // The same property twice, in two cases, is refused rather than one silently winning.
    expect(fault("title", { color: "red", Color: "blue" })).toEqual({ element: "title", property: "color" });
  });

  test("boxes stay on the page: no negative or huge offsets, no size past the page", () => {
    expect(fault("title", { left: "-10px" })).toEqual({ element: "title", property: "left" });
    expect(fault("title", { top: "-1px" })).toEqual({ element: "title", property: "top" });
    expect(fault("title", { top: "99999px" })).toEqual({ element: "title", property: "top" });
    expect(fault("title", { top: "1e9px" })).toEqual({ element: "title", property: "top" });
    expect(fault("title", { left: "10em" })).toEqual({ element: "title", property: "left" });
    expect(fault("title", { left: "10.5px" })).toEqual({ element: "title", property: "left" });
    expect(fault("title", { width: "100%" })).toEqual({ element: "title", property: "width" });
    expect(fault("title", { width: `${PAGE_WIDTH + 1}px` })).toEqual({ element: "title", property: "width" });
    expect(fault("title", { width: "5px" })).toEqual({ element: "title", property: "width" });
    // The default width counts: an image (540 wide) cannot start at 700.
    expect(fault("img", { left: "700px" })).toEqual({ element: "img", property: "left" });
    expect(fault("img", { left: "601px", width: "560px" })).toEqual({ element: "img", property: "left" });
    expect(one("img", { left: "620px" })).toHaveProperty("layout");
    expect(fault("content", { top: "5990px", height: "20px" })).toEqual({ element: "content", property: "top" });
  });

  test("layers start at 100 and go up by whole steps", () => {
    expect(one("img", { "z-index": "100" })).toHaveProperty("layout");
    expect(one("img", { "z-index": "199" })).toHaveProperty("layout");
    for (const z of ["99", "200", "9999", "-1", "100.5", "auto", "1e2"]) expect(fault("img", { "z-index": z })).toEqual({ element: "img", property: "z-index" });
  });

  test("values outside a property's grammar are refused", () => {
    expect(fault("title", { "font-size": "400px" })).toEqual({ element: "title", property: "font-size" });
    expect(fault("title", { padding: "4px 4px 4px 4px 4px" })).toEqual({ element: "title", property: "padding" });
    expect(fault("title", { padding: "200px" })).toEqual({ element: "title", property: "padding" });
    expect(fault("title", { color: "#12345" })).toEqual({ element: "title", property: "color" });
    expect(fault("title", { color: "rgb(300, 0, 0)" })).toEqual({ element: "title", property: "color" });
    expect(fault("title", { border: "1px 2px solid" })).toEqual({ element: "title", property: "border" });
    expect(fault("title", { opacity: "2" })).toEqual({ element: "title", property: "opacity" });
    expect(fault("title", { "box-shadow": "0px 0px 999px red" })).toEqual({ element: "title", property: "box-shadow" });
  });

  test("a hover style is the button's alone, and changes looks, never places", () => {
    expect(fault("title", {}, { color: "red" })).toEqual({ element: "title", property: "hover" });
    expect(fault("button", {}, { left: "0px" })).toEqual({ element: "button", property: "hover.left" });
    expect(fault("button", {}, { "font-size": "30px" })).toEqual({ element: "button", property: "hover.font-size" });
    expect(fault("button", {}, { "background-color": "url(x)" })).toEqual({ element: "button", property: "hover.background-color" });
    expect(one("button", {}, { "background-color": "#000", color: "#fff" })).toHaveProperty("layout");
  });

  test("the page reads a saved layout's boxes with the spec's default sizes", () => {
    expect(layoutOf({})).toBeNull();
    expect(layoutOf(null)).toBeNull();
    expect(layoutOf([])).toBeNull();
    expect(geometryOf("img", {}, 1)).toEqual({ left: 0, top: 0, width: 540, height: 300, zIndex: 101 });
    expect(geometryOf("button", { left: "10px" }, 0)).toEqual({ left: 10, top: 0, width: 140, height: 36, zIndex: 100 });
    expect(geometryOf("content", { top: "400px", "z-index": "120" }, 0)).toEqual({ left: 0, top: 400, width: 1160, height: null, zIndex: 120 });
  });
});
