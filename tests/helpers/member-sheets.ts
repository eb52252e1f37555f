// Member import files as staff fill them in: the onboarding/update columns in
// Chinese, one new member per row (used by the API test, the browser journey
// and npm run bench:member-import).
export const ONBOARDING_HEADER = ["员工号", "姓名", "手机号", "公司邮箱", "性别", "出生日期", "部门", "科室", "民族", "国籍", "用户角色"];

/** `count` new Chinese members numbered from `from`: employee number `${prefix}NNNNN`, phone 15xxxxxxxxx, a department and its team. */
export function onboardingRows(count: number, opts: { prefix: string; from?: number; phonePrefix?: string }): string[][] {
  const from = opts.from ?? 1;
  const teams = [["研发部", "平台组"], ["研发部", "移动组"], ["运营部", "客服组"], ["人力资源部", "福利组"]] as const;
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const id = String(n).padStart(5, "0");
    const [department, team] = teams[n % teams.length]!;
    return [`${opts.prefix}${id}`, `导入会员${n}`, `${opts.phonePrefix ?? "155"}${String(n).padStart(8, "0")}`, `${opts.prefix}${id}@union.example.com`, n % 2 ? "男" : "女", `199${n % 10}-0${(n % 9) + 1}-1${n % 10}`, department, team, "汉族", "中国", "会员"];
  });
}
