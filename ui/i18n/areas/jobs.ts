// Texts of staff background jobs (ui/components/job-progress.tsx) and of the
// member exports and find import that run through them; zh.ts and en.ts mount them under "jobs".
import { texts } from "../area";

export default texts({
  zh: {
    progress: {
      label: "处理进度",
      counted: "已处理 {{done}} / {{total}} 行",
      starting: "正在准备……",
      background: "关闭此窗口不会中断任务；重新打开本页面可继续查看进度。",
      hide: "在后台继续",
      failed: "任务未能完成，请稍后重试。",
    },
    titles: {
      exportList: "导出查询结果",
      exportFees: "导出会费记录",
    },
    exportList: "导出查询结果",
    findImport: "导入查询",
    findIntro: {
      what: "请选择一个 .xlsx 表格（不超过 10MB、{{max}} 行）。",
      cells: "第一个工作表的每个单元格可以是员工号、手机号或邮箱，放在哪一列都可以。",
      title: "第一行可以是标题行（如“员工号”），不计入未找到的项。",
      result: "查到的会员显示在会员列表中，未找到的项列在上方。",
    },
    findChoose: "选择文件",
    findCancel: "取消",
    findHeader: "已跳过标题行：{{cells}}",
    findWrongType: "查询仅支持xlsx类型的excel文件",
    findTooBig: "文件过大，请上传不超过10MB的文件",
    findTooManyRows: "一次最多查询 {{max}} 行",
    findEmpty: "表格中没有可查询的内容",
    found: "按表格查到 {{count}} 名会员",
    foundOne: "按表格查到 1 名会员",
    unmatched: "{{count}} 项未找到：{{items}}",
    backToSearch: "返回会员查询",
    fees: {
      legend: "导出年度会费记录",
      year: "会费年度",
      yearOption: "{{year}} 年度",
      export: "导出",
    },
  },
  en: {
    progress: {
      label: "Progress",
      counted: "{{done}} of {{total}} rows done",
      starting: "Getting ready…",
      background: "Closing this window does not stop the job; open this page again to see its progress.",
      hide: "Continue in the background",
      failed: "The job could not finish. Please try again later.",
    },
    titles: {
      exportList: "Export the search result",
      exportFees: "Export the dues record",
    },
    exportList: "Export the search result",
    findImport: "Find from a sheet",
    findIntro: {
      what: "Choose an .xlsx workbook (up to 10 MB and {{max}} rows).",
      cells: "Each cell of its first sheet may hold an employee ID, a mobile number or an e-mail address, in any column.",
      title: "The first row may be a title row (such as \"Employee ID\"); it is not counted as not found.",
      result: "The members found fill the member list; whatever was not found is listed above it.",
    },
    findChoose: "Choose a file",
    findCancel: "Cancel",
    findHeader: "Title row skipped: {{cells}}",
    findWrongType: "Finding members only accepts an xlsx Excel file",
    findTooBig: "The file is too large. Please upload a file of 10 MB or less",
    findTooManyRows: "At most {{max}} rows can be looked up at once",
    findEmpty: "The sheet has nothing to look up",
    found: "{{count}} members found from the sheet",
    foundOne: "1 member found from the sheet",
    unmatched: "{{count}} not found: {{items}}",
    backToSearch: "Back to the member search",
    fees: {
      legend: "Export the yearly dues record",
      year: "Billing year",
      yearOption: "Billing year {{year}}",
      export: "Export",
    },
  },
});
