// What the service worker answers itself (ui/worker/rules.ts, docs/decisions.md 99):
// page loads and this build's hashed files; never the API, a signed download, a
// payment page, the worker, the manifests or another site.
import { describe, expect, test } from "bun:test";
import { handlingOf } from "../../ui/worker/rules";

const ORIGIN = "https://union.example.com";
const get = (path: string, mode = "cors") => handlingOf({ url: `${ORIGIN}${path}`, method: "GET", mode }, ORIGIN);

describe("the service worker's rules", () => {
  test("a page load is the worker's (network first, the shell offline), whatever the portal's route", () => {
    for (const path of ["/", "/index", "/activity", "/news/list?type=notice", "/information?page=order"]) expect(get(path, "navigate")).toBe("page");
  });

  test("a hashed chunk, stylesheet or icon is kept; the same name with a query is not", () => {
    expect(get("/main.xtm0sg1s.js")).toBe("asset");
    expect(get("/chunk.saj216v6.js")).toBe("asset");
    expect(get("/lists.dhgsa7y6.css")).toBe("asset");
    expect(get("/icon-192.39k1lb8074.png")).toBe("asset");
    expect(get("/main.xtm0sg1s.js?v=1")).toBeNull();
  });

  test("the API is never the worker's: calls, signed downloads and images, by any method or mode", () => {
    for (const path of ["/api/activity/module/list", "/api/order/qr?token_id=t&stamp=1&key=k&sign=s", "/api/user/operation/job?id=1", "/api/system/token?app_id=x"]) {
      expect(get(path)).toBeNull();
      expect(get(path, "navigate")).toBeNull();
      expect(handlingOf({ url: `${ORIGIN}${path}`, method: "POST", mode: "cors" }, ORIGIN)).toBeNull();
    }
    expect(get("/api", "navigate")).toBeNull();
  });

  test("the payment pages are never the worker's, not even as a page load", () => {
    expect(get("/pay/sandbox/A123", "navigate")).toBeNull();
    expect(get("/pay/sandbox/A123/confirm", "navigate")).toBeNull();
    expect(handlingOf({ url: `${ORIGIN}/pay/sandbox/A123/confirm`, method: "POST", mode: "navigate" }, ORIGIN)).toBeNull();
  });

  test("the worker script, the manifests, unhashed files and other sites go to the network", () => {
    expect(get("/sw.js")).toBeNull();
    expect(get("/manifest.zh.webmanifest")).toBeNull();
    expect(get("/index.html")).toBeNull();
    expect(get("/uploads/face.png")).toBeNull();
    expect(handlingOf({ url: "https://cdn.example.net/main.xtm0sg1s.js", method: "GET", mode: "cors" }, ORIGIN)).toBeNull();
    expect(handlingOf({ url: "https://cdn.example.net/", method: "GET", mode: "navigate" }, ORIGIN)).toBeNull();
    expect(handlingOf({ url: "not a url", method: "GET", mode: "navigate" }, ORIGIN)).toBeNull();
  });
});
