export * from "./property";
export * from "./system";
export * from "./user";
