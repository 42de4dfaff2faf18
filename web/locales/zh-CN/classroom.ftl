# classroom: see web/locales/GLOSSARY.md for the terms every message follows.

classroom-heading = 课堂：收集答案
classroom-lead = 给出练习，拖入学生的答案文件，就能得到谁答了什么的表格、每道题答对人数的图表，以及可导入成绩册的 CSV——无需任何服务器。
classroom-answer-files = 2. 学生的答案文件
classroom-choose-answer-files = 选择答案文件……
classroom-drop-answer-files = 把学生的答案文件拖到这里（数量不限，可一次全部拖入，也可分几次），
classroom-no-files = 还没有答案文件。
classroom-files-given = { $n ->
       *[other] 已提供 { $n } 个文件。
    }
classroom-remove-files = 移除所有文件
classroom-need-exercise = 先给出练习（第 1 步），才能给这些文件评分。
classroom-nothing-to-grade = 这些文件都不是本练习的答案。
classroom-summary = —— { $mechanism }，{ $count ->
       *[other] { $count } 道题
    }（{ $ids }），来自{ $origin }。
classroom-fingerprint = 指纹：

## How it works.

classroom-how = 工作原理
classroom-how-students = 学生打开练习链接，在实时页面旁回答题目，并把答案下载为文件（按钮“下载我的答案”）。每个文件注明学生姓名，并带有练习的指纹，即练习链接所含内容的哈希值。收集这些文件（通过电子邮件、共享文件夹或学习平台），然后拖到这里。
classroom-how-checks-before = 页面会重新计算练习的结果，并用与学生页面和命令行运行器相同的代码检查每个答案（
classroom-how-checks-after = 会输出同样的 CSV）。目标题的场景会在这里重新运行，所以答案文件无法只是声称达到了目标。指纹与本练习不符的文件会单独列出，不予评分。
classroom-how-local = 一切都在这个浏览器标签页中进行：文件不会上传到任何地方。
classroom-practice = 用于练习，而非考试。
classroom-practice-text = 检查在学生的浏览器中运行，预期答案由链接所带的练习计算得出，所以执意要看的学生可以读到答案（也可以手写答案文件）。本平台用于练习和教学，不用于考试。

## Giving the exercise.

classroom-exercise = 1. 练习
classroom-choose-exercise-file = 选择练习文件……
classroom-drop-exercise-file = 把练习的 JSON 文件拖到这里（教师模式保存的文件，或 cloudecon exercise NAME 输出的文件），
classroom-paste-link = 或粘贴它的链接
classroom-open-link = 打开链接
classroom-pick-shipped = 或选择一个内置练习
classroom-choose-shipped = 选择一个内置练习……
classroom-scenario-not-exercise = 这是一个没有练习部分的场景：请给出练习本身
classroom-paste-link-first = 请先粘贴练习的链接
classroom-link-no-exercise = 链接中没有练习（没有 #s= 部分）
classroom-no-shipped = 没有名为 { $name } 的内置练习
classroom-origin-file = 文件 { $name }
classroom-origin-link = 链接
classroom-origin-shipped = 内置练习 { $name }
classroom-problem-in = { $origin }：{ $problem }

## Grading.

classroom-grading-progress = 评分进度
classroom-grading = 正在评分…… { $percent } %
classroom-cancel = 取消
classroom-grading-cancelled = 评分已取消。
classroom-grade-again = 重新评分
classroom-cannot-grade = 无法为本练习评分：

## The grades.

classroom-grades-heading = { $n ->
       *[other] 成绩：{ $n } 名学生
    }
classroom-grades-hint = ✓ 正确，✗ 错误；将鼠标悬停在单元格上（或用屏幕阅读器聚焦表格）可查看所给的答案。每个标记下方：学生检查的次数和查看的提示数。
classroom-grades-table = 成绩表
classroom-col-student = 学生
classroom-col-total = 总计
classroom-csv = 下载 CSV
    .title = student,task,correct,given,expected：每名学生每道题一行，与 cloudecon grade 的输出相同
classroom-chart-title = 每道题的答对人数
classroom-chart-axis = 答对的学生数
classroom-chart-students = 学生数
classroom-usage = 尝试 { $attempts } 次，提示 { $hints } 条
classroom-no-answer = 未作答
classroom-given = 所给答案：{ $answer }
classroom-expected = ；预期答案：{ $answer }
classroom-bounds-between = 在 [{ $lo }, { $hi }] 之内
classroom-bounds-at-least = ≥ { $lo }
classroom-bounds-at-most = ≤ { $hi }
classroom-bounds-any = 任意值
classroom-tooltip = { $given }{ $expected } —— { $message }
classroom-cell-correct = 正确，所给答案 { $given }
classroom-cell-wrong = 错误，所给答案 { $given }
classroom-cell-correct-nothing = 正确，未给出答案
classroom-cell-wrong-nothing = 错误，未给出答案
classroom-from = 来自 { $file }

## Files not graded.

classroom-not-graded = 未评分的文件
classroom-fingerprint-none = 无
classroom-foreign-before = 这些文件回答的是其他练习（或没有注明练习）：它们的指纹不是本练习的
classroom-foreign-after = 。请用它们各自的练习来评分。
classroom-foreign-label = 其他练习的答案
classroom-col-file = 文件
classroom-col-fingerprint = 练习指纹
classroom-unreadable = 这些文件无法作为答案文件读取：
classroom-file-is-exercise = 这是一个练习文档，不是答案文件：请在上面作为练习给出
classroom-file-is-scenario = 这是一个场景文档，不是答案文件
