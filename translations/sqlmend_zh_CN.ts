<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Session</name>
    <message>
        <source>The connection is not open.</source>
        <translation>连接未打开。</translation>
    </message>
</context>
<context>
    <name>sqlmend::app</name>
    <message>
        <source>--kind must be &quot;good&quot; or &quot;bad&quot;</source>
        <translation>--kind 必须是 &quot;good&quot; 或 &quot;bad&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an error class</source>
        <translation>&quot;%1&quot; 不是错误类别</translation>
    </message>
    <message>
        <source>cannot write to standard output</source>
        <translation>无法写入标准输出</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n 个案例</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) exported</source>
        <translation>
            <numerusform>已导出 %n 个案例</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) exported to %1</source>
        <translation>
            <numerusform>已将 %n 个案例导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) imported</source>
        <translation>
            <numerusform>已导入 %n 个案例</numerusform>
        </translation>
    </message>
    <message>
        <source>The store: a SQLite file, sqlite:///path or postgresql://user@host:port/db?schema=name (default: the app&apos;s own store).</source>
        <translation>案例库：SQLite 文件、sqlite:///path 或 postgresql://user@host:port/db?schema=name（默认：应用自己的案例库）。</translation>
    </message>
    <message>
        <source>location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Only good or only bad cases.</source>
        <translation>只要正例或只要反例。</translation>
    </message>
    <message>
        <source>good|bad</source>
        <translation>good|bad</translation>
    </message>
    <message>
        <source>Only cases of this error class.</source>
        <translation>只要此错误类别的案例。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Only cases whose question or notes hold all these words.</source>
        <translation>只要问题或备注中包含所有这些词的案例。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>export: the file to write; - for standard output.</source>
        <translation>export：要写入的文件；- 表示标准输出。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>import takes one FILE, or - for standard input</source>
        <translation>import 需要一个 FILE，或用 - 表示标准输入</translation>
    </message>
    <message>
        <source>%1 takes no file; use the options</source>
        <translation>%1 不接受文件参数；请使用选项</translation>
    </message>
    <message>
        <source>--output is for export</source>
        <translation>--output 仅用于 export</translation>
    </message>
    <message>
        <source>Diagnose database errors (JSON Lines in, JSON Lines out)</source>
        <translation>诊断数据库错误（输入 JSON Lines，输出 JSON Lines）</translation>
    </message>
    <message>
        <source>Run one read-only statement with a timeout and a row cap</source>
        <translation>在超时和行数上限内运行一条只读语句</translation>
    </message>
    <message>
        <source>List, export and import good and bad cases</source>
        <translation>列出、导出和导入正例与反例</translation>
    </message>
    <message>
        <source>Print a database&apos;s tables, columns and keys</source>
        <translation>打印数据库的表、列和键</translation>
    </message>
    <message>
        <source>Usage: sqlmend [--demo] | sqlmend &lt;command&gt; [options]</source>
        <translation>用法：sqlmend [--demo] | sqlmend &lt;命令&gt; [选项]</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Run &apos;sqlmend &lt;command&gt; --help&apos; for a command&apos;s options.</source>
        <translation>运行 &apos;sqlmend &lt;命令&gt; --help&apos; 查看命令的选项。</translation>
    </message>
    <message>
        <source>unknown command &apos;%1&apos;</source>
        <translation>未知命令 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>Open the bundled demo database.</source>
        <translation>打开内置的演示数据库。</translation>
    </message>
    <message>
        <source>not JSON: %1 at offset %2</source>
        <translation>不是 JSON：%1，位于偏移 %2</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>the object has no string field &quot;message&quot;</source>
        <translation>该对象没有字符串字段 &quot;message&quot;</translation>
    </message>
    <message>
        <source>Diagnoses database errors: reads JSON Lines {&quot;engine&quot;, &quot;message&quot;, &quot;code&quot;} on standard input and writes one JSON line per input line. With --engine, the whole of standard input is one plain-text message.</source>
        <translation>诊断数据库错误：从标准输入读取 JSON Lines {&quot;engine&quot;, &quot;message&quot;, &quot;code&quot;}，每个输入行输出一行 JSON。使用 --engine 时，整个标准输入是一条纯文本消息。</translation>
    </message>
    <message>
        <source>Treat standard input as one plain-text error message from engine &lt;name&gt;.</source>
        <translation>将标准输入视为来自引擎 &lt;name&gt; 的一条纯文本错误消息。</translation>
    </message>
    <message>
        <source>unknown engine &apos;%1&apos;; diagnosing as generic SQL</source>
        <translation>未知引擎 &apos;%1&apos;；按通用 SQL 诊断</translation>
    </message>
    <message>
        <source>no message on standard input</source>
        <translation>标准输入中没有消息</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2, about %n row(s))</source>
        <translation>
            <numerusform>%1（%2，约 %n 行）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 -- %2</source>
        <translation>%1 -- %2</translation>
    </message>
    <message>
        <source>foreign key (%1) references %2</source>
        <translation>外键 (%1) 引用 %2</translation>
    </message>
    <message numerus="yes">
        <source>schema %1: %n table(s) or view(s)</source>
        <translation>
            <numerusform>模式 %1：%n 个表或视图</numerusform>
        </translation>
    </message>
    <message>
        <source>There is no schema named &quot;%1&quot;.</source>
        <translation>没有名为 &quot;%1&quot; 的模式。</translation>
    </message>
    <message>
        <source>Prints the schema catalog of a database: tables and views, columns with types and keys, comments and row estimates.</source>
        <translation>打印数据库的模式目录：表和视图、带类型和键的列、注释以及行数估计。</translation>
    </message>
    <message>
        <source>url</source>
        <translation>url</translation>
    </message>
    <message>
        <source>Print JSON instead of a text tree.</source>
        <translation>输出 JSON 而不是文本树。</translation>
    </message>
    <message>
        <source>Only this schema (default: every schema).</source>
        <translation>只看此模式（默认：所有模式）。</translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>意外的参数 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--db URL is required</source>
        <translation>必须提供 --db URL</translation>
    </message>
    <message>
        <source>cannot open standard output</source>
        <translation>无法打开标准输出</translation>
    </message>
    <message>
        <source>Ask a question: a model writes SQL, errors are diagnosed and corrected</source>
        <translation>提出问题：由模型编写 SQL，诊断并纠正错误</translation>
    </message>
    <message>
        <source>Runs one read-only statement: the guard, a read-only session, a server-side timeout and a row cap. Prints the rows, or the diagnosed error; exit status 0 on success, 1 when the statement failed or was refused, 2 on bad usage.</source>
        <translation>运行一条只读语句：经过守卫、只读会话、服务器端超时和行数上限。输出结果行，或经过诊断的错误；成功时退出状态为 0，语句失败或被拒绝时为 1，用法错误时为 2。</translation>
    </message>
    <message>
        <source>The database URL (sqlite:///path, postgresql://user@host:port/db, mysql://..., odbc://DSN).</source>
        <translation>数据库 URL（sqlite:///path、postgresql://user@host:port/db、mysql://...、odbc://DSN）。</translation>
    </message>
    <message>
        <source>The statement to run.</source>
        <translation>要运行的语句。</translation>
    </message>
    <message>
        <source>sql</source>
        <translation>sql</translation>
    </message>
    <message>
        <source>Server-side statement timeout (default 30000; 0: none).</source>
        <translation>服务器端语句超时（默认 30000；0 表示不限）。</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Print one JSON object.</source>
        <translation>输出一个 JSON 对象。</translation>
    </message>
    <message>
        <source>var</source>
        <translation>变量</translation>
    </message>
    <message>
        <source>Skip the EXPLAIN before the run.</source>
        <translation>运行前跳过 EXPLAIN。</translation>
    </message>
    <message>
        <source>--sql SQL is required</source>
        <translation>必须提供 --sql SQL</translation>
    </message>
    <message>
        <source>--timeout-ms takes a whole number of milliseconds, 0 or more</source>
        <translation>--timeout-ms 需要一个不小于 0 的整数毫秒数</translation>
    </message>
    <message>
        <source>warning: a password in the URL stays in the shell&apos;s history; prefer --password-env</source>
        <translation>警告：URL 中的密码会留在 shell 的历史记录中；请改用 --password-env</translation>
    </message>
    <message>
        <source>the statement ended: %1</source>
        <translation>语句已结束：%1</translation>
    </message>
    <message>
        <source>Asks a database a question: a model writes the SQL, the database judges it, and errors are diagnosed and sent back for a bounded number of corrections. Exit status 0 when answered, 1 when the question failed, was refused or timed out, 2 on bad usage.</source>
        <translation>向数据库提问：由模型编写 SQL，由数据库判定结果，错误经诊断后发回模型，纠正次数有上限。得到答案时退出状态为 0，提问失败、被拒绝或超时时为 1，用法错误时为 2。</translation>
    </message>
    <message>
        <source>The database URL (sqlite:///path, postgresql://user@host:port/db, mysql://..., odbc://DSN), or &apos;demo&apos; for the demo shop.</source>
        <translation>数据库 URL（sqlite:///path、postgresql://user@host:port/db、mysql://...、odbc://DSN），或用 &apos;demo&apos; 表示演示商店。</translation>
    </message>
    <message>
        <source>The question to answer.</source>
        <translation>要回答的问题。</translation>
    </message>
    <message>
        <source>The model API&apos;s base URL (default: the provider&apos;s own).</source>
        <translation>模型 API 的基础 URL（默认：提供方自己的地址）。</translation>
    </message>
    <message>
        <source>The model name.</source>
        <translation>模型名称。</translation>
    </message>
    <message>
        <source>openai (any OpenAI-compatible server), anthropic, or demo (recorded answers for the demo shop). Default: openai.</source>
        <translation>openai（任何兼容 OpenAI 的服务器）、anthropic 或 demo（演示商店的录制回答）。默认：openai。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Read the API key from this environment variable.</source>
        <translation>从此环境变量读取 API 密钥。</translation>
    </message>
    <message>
        <source>Correction rounds after the first try (default 2).</source>
        <translation>首次尝试之后的纠正轮数（默认 2）。</translation>
    </message>
    <message>
        <source>Ask for the whole reply at once.</source>
        <translation>一次性请求完整回复。</translation>
    </message>
    <message>
        <source>The case store (a SQLite path or postgresql:// URL): similar good cases, the fix cache and the history.</source>
        <translation>案例库（SQLite 路径或 postgresql:// URL）：相似正例、修复缓存和历史记录。</translation>
    </message>
    <message>
        <source>Wall-clock bound for the whole question (default 120000).</source>
        <translation>整个提问的总时长上限（默认 120000）。</translation>
    </message>
    <message>
        <source>Read the database password from this environment variable.</source>
        <translation>从此环境变量读取数据库密码。</translation>
    </message>
    <message>
        <source>--question TEXT is required</source>
        <translation>必须提供 --question TEXT</translation>
    </message>
    <message>
        <source>--provider takes openai, anthropic or demo, not &apos;%1&apos;</source>
        <translation>--provider 只接受 openai、anthropic 或 demo，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--model NAME is required</source>
        <translation>必须提供 --model NAME</translation>
    </message>
    <message>
        <source>--llm-url &apos;%1&apos; is not a valid URL</source>
        <translation>--llm-url &apos;%1&apos; 不是有效的 URL</translation>
    </message>
    <message>
        <source>--max-corrections takes a whole number, 0 or more</source>
        <translation>--max-corrections 需要一个不小于 0 的整数</translation>
    </message>
    <message>
        <source>--timeout-ms takes a whole number of milliseconds, 1 or more</source>
        <translation>--timeout-ms 需要一个不小于 1 的整数毫秒数</translation>
    </message>
    <message>
        <source>attempt %1: %2</source>
        <translation>尝试 %1：%2</translation>
    </message>
    <message>
        <source>attempt %1 %2: %3</source>
        <translation>尝试 %1 %2：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Benchmark diagnosis, advice and autofix on a Spider-format set</source>
        <translation>在 Spider 格式的数据集上对诊断、建议和自动修复进行基准测试</translation>
    </message>
    <message>
        <source>the environment variable %1 (%2) is not set</source>
        <translation>环境变量 %1（%2）未设置</translation>
    </message>
    <message>
        <source>The Spider-format folder: dev.json and database/&lt;db_id&gt;/&lt;db_id&gt;.sqlite (default: $SQLMEND_SPIDER_DIR).</source>
        <translation>Spider 格式的文件夹：包含 dev.json 和 database/&lt;db_id&gt;/&lt;db_id&gt;.sqlite（默认：$SQLMEND_SPIDER_DIR）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Only the first N questions (default: all).</source>
        <translation>只用前 N 个问题（默认：全部）。</translation>
    </message>
    <message>
        <source>Only the questions of this db_id (repeatable).</source>
        <translation>只用此 db_id 的问题（可重复指定）。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>Without a model: copy each database into its own schema on this PostgreSQL server (postgresql://user@host:port/db) and break the gold SQL there.</source>
        <translation>不使用模型时：将每个数据库复制到此 PostgreSQL 服务器（postgresql://user@host:port/db）上各自的模式中，并在那里破坏标准答案 SQL。</translation>
    </message>
    <message>
        <source>Read the PostgreSQL password from this environment variable.</source>
        <translation>从此环境变量读取 PostgreSQL 密码。</translation>
    </message>
    <message>
        <source>Ablation: correction prompts carry no advice.</source>
        <translation>消融实验：纠正提示词不附带建议。</translation>
    </message>
    <message>
        <source>Ablation: errors reach classification, advice and prompt raw.</source>
        <translation>消融实验：错误不经解封装，原样进入分类、建议和提示词。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>--spider DIR is required (or set SQLMEND_SPIDER_DIR)</source>
        <translation>必须提供 --spider DIR（或设置 SQLMEND_SPIDER_DIR）</translation>
    </message>
    <message>
        <source>--limit takes a whole number, 0 or more</source>
        <translation>--limit 需要一个不小于 0 的整数</translation>
    </message>
    <message>
        <source>--postgres takes a postgresql:// URL</source>
        <translation>--postgres 需要一个 postgresql:// URL</translation>
    </message>
    <message>
        <source>--password-env needs --postgres URL</source>
        <translation>--password-env 需要 --postgres URL</translation>
    </message>
    <message>
        <source>--postgres is for the run without a model</source>
        <translation>--postgres 仅用于不使用模型的运行</translation>
    </message>
    <message>
        <source>--provider takes openai or anthropic, not &apos;%1&apos;</source>
        <translation>--provider 只接受 openai 或 anthropic，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--language takes zh_CN, not &apos;%1&apos;</source>
        <translation>--language 只接受 zh_CN，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>question %1 of %2</source>
        <translation>第 %1 个问题，共 %2 个</translation>
    </message>
    <message>
        <source>The prompt language: zh_CN for Chinese prompts (default English).</source>
        <translation>提示词语言：zh_CN 表示使用中文提示词（默认英语）。</translation>
    </message>
    <message>
        <source>%1 needs a model (--model NAME)</source>
        <translation>%1 需要指定模型（--model NAME）</translation>
    </message>
    <message>
        <source>Check how safe a connection is from the account&apos;s side</source>
        <translation>从账户一侧检查连接的安全性</translation>
    </message>
    <message>
        <source>interrupted by %1: cancelling the running statement on the server</source>
        <translation>被 %1 中断：正在取消服务器上运行的语句</translation>
    </message>
    <message>
        <source>the command did not stop within %1 s of %2; exiting</source>
        <translation>命令在 %2 后 %1 秒内没有停止；退出</translation>
    </message>
    <message>
        <source>stopped by %1; the statement that was running was cancelled on the server</source>
        <translation>已被 %1 停止；正在运行的语句已在服务器上取消</translation>
    </message>
    <message>
        <source>Checks the connection&apos;s safety from the account&apos;s side: whether the account can write (grants, ownership, superuser, REPLICATION, FILE), whether a read-only session really refuses a write (inside a transaction that is rolled back), the server settings the guard depends on and the statement timeout. Exit status 0 when the verdict is safe, 1 otherwise, 2 on bad usage.</source>
        <translation>从账户一侧检查连接的安全性：账户能否写入（授权、所有权、超级用户、REPLICATION、FILE），只读会话是否真的拒绝写入（在回滚的事务中），防护所依赖的服务器设置以及语句超时。结论为安全时退出状态为 0，否则为 1，用法错误时为 2。</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Write the rows to this file, in --format or the format its extension names.</source>
        <translation>把行写入此文件，格式取 --format 或其扩展名所指的格式。</translation>
    </message>
    <message>
        <source>--output takes a file name</source>
        <translation>--output 需要一个文件名</translation>
    </message>
    <message>
        <source>--format xlsx writes a file: add --output FILE</source>
        <translation>--format xlsx 写入文件：请加上 --output FILE</translation>
    </message>
    <message>
        <source>--json and --format both print to standard output; add --output FILE</source>
        <translation>--json 和 --format 都输出到标准输出；请加上 --output FILE</translation>
    </message>
    <message numerus="yes">
        <source>sqlmend run: %n row(s) written to %1</source>
        <translation>
            <numerusform>sqlmend run：已将 %n 行写入 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) skipped: the store has them already</source>
        <translation>
            <numerusform>跳过 %n 个案例：案例库中已有</numerusform>
        </translation>
    </message>
    <message>
        <source>the case store did not save this question within its busy timeout</source>
        <translation>案例库在其忙碌超时内没有保存这个问题</translation>
    </message>
    <message>
        <source>bench correction: measures the correction path on a Spider-format question set. bench replay: replays real failing predictions (JSON Lines with db_id, question, predicted_sql, gold_sql) against a Spider-format folder through the real pipeline (diagnosis, repairs; with a model, correction rounds) and reports class accuracy, advice hit, repairs right and wrong, per error category and per source model. Without a model it breaks the gold SQL (misspelled column or table, a GROUP BY column dropped, a function from another dialect, a string compared with a number, an ambiguous column) and reports, per kind, class accuracy, advice hit rate, autofix rate and autofix precision. With a model it asks every question and reports execution accuracy. Exit status 0 when the benchmark ran, 1 when the set or a database cannot be read, 2 on bad usage.</source>
        <translation>bench correction：在 Spider 格式的问题集上衡量纠正路径。bench replay：针对 Spider 格式的文件夹，通过真实流程（诊断、修复；有模型时还有纠正轮次）重放真实的失败预测（包含 db_id、question、predicted_sql、gold_sql 的 JSON Lines），并按错误类别和来源模型报告类别准确率、建议命中、修复正确与错误的数量。不使用模型时，它会破坏标准答案 SQL（拼错列名或表名、去掉一个 GROUP BY 列、使用另一种方言的函数、将字符串与数字比较、歧义列），并按类型报告类别准确率、建议命中率、自动修复率和自动修复精确率。使用模型时，它会提出每个问题并报告执行准确率。基准测试运行完成时退出状态为 0，无法读取数据集或数据库时为 1，用法错误时为 2。</translation>
    </message>
    <message>
        <source>The benchmark to run: &apos;correction&apos; or &apos;replay&apos;.</source>
        <translation>要运行的基准测试：“correction”或“replay”。</translation>
    </message>
    <message>
        <source>replay: the JSON Lines file of predictions (default: $SQLMEND_REAL_ERRORS).</source>
        <translation>replay：预测的 JSON Lines 文件（默认：$SQLMEND_REAL_ERRORS）。</translation>
    </message>
    <message>
        <source>replay: leave out the predictions of this db_id (repeatable; for a held-out split).</source>
        <translation>replay：排除此 db_id 的预测（可重复使用；用于留出划分）。</translation>
    </message>
    <message>
        <source>replay: diagnose only, try no deterministic repair.</source>
        <translation>replay：只做诊断，不尝试任何确定性修复。</translation>
    </message>
    <message>
        <source>which benchmark? &apos;correction&apos; or &apos;replay&apos;</source>
        <translation>哪个基准测试？“correction”或“replay”</translation>
    </message>
    <message>
        <source>--%1 is for bench replay</source>
        <translation>--%1 仅用于 bench replay</translation>
    </message>
    <message>
        <source>--postgres, --no-advice and --no-decapsulate are for bench correction</source>
        <translation>--postgres、--no-advice 和 --no-decapsulate 仅用于 bench correction</translation>
    </message>
    <message>
        <source>--input FILE is required (or set SQLMEND_REAL_ERRORS)</source>
        <translation>必须提供 --input FILE（或设置 SQLMEND_REAL_ERRORS）</translation>
    </message>
    <message>
        <source>prediction %1 of %2</source>
        <translation>第 %1 条预测，共 %2 条</translation>
    </message>
    <message>
        <source>Write the rows as tsv (the default), csv, json, jsonl, md or xlsx, to --output or to standard output as they are fetched (xlsx needs --output).</source>
        <translation>按获取顺序写出行：tsv（默认）、csv、json、jsonl、md 或 xlsx，写到 --output 或标准输出（xlsx 需要 --output）。</translation>
    </message>
    <message>
        <source>--format takes tsv, csv, json, jsonl, md or xlsx, not &apos;%1&apos;</source>
        <translation>--format 可取 tsv、csv、json、jsonl、md 或 xlsx，不能是“%1”</translation>
    </message>
    <message>
        <source>--output %1 names no format by its extension; add --format tsv|csv|json|jsonl|md|xlsx</source>
        <translation>--output %1 的扩展名没有指明格式；请加上 --format tsv|csv|json|jsonl|md|xlsx</translation>
    </message>
    <message>
        <source>there is no conversation &quot;%1&quot;</source>
        <translation>没有名为 &quot;%1&quot; 的对话</translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s)</source>
        <translation>
            <numerusform>%n 个对话</numerusform>
        </translation>
    </message>
    <message>
        <source>Lists, exports and imports the good and bad cases of a case store.
  list    the cases, as a table or with --json as a JSON array
  export  JSON Lines, one case a line, to --output FILE or standard output
  import  JSON Lines from FILE or - (standard input); bad lines are reported and skipped, and so are cases the store has already (same kind, question and SQL)
  conversations [NAME]  the conversations (turns, name, database, first question), or with NAME its turns; --json for JSON
A PostgreSQL store&apos;s password comes from PGPASSWORD or ~/.pgpass.</source>
        <translation>列出、导出和导入案例库中的好案例与坏案例。
  list    列出案例，以表格形式，或用 --json 输出 JSON 数组
  export  JSON Lines，每行一个案例，写到 --output FILE 或标准输出
  import  从 FILE 或 -（标准输入）读取 JSON Lines；坏行会报告并跳过，案例库中已有的案例（同类、同问题、同 SQL）也跳过
  conversations [NAME]  列出对话（轮数、名称、数据库、第一个问题），给出 NAME 时列出其各轮；--json 输出 JSON
PostgreSQL 案例库的密码来自 PGPASSWORD 或 ~/.pgpass。</translation>
    </message>
    <message>
        <source>list, export, import or conversations</source>
        <translation>list、export、import 或 conversations</translation>
    </message>
    <message>
        <source>list, conversations: write JSON.</source>
        <translation>list、conversations：输出 JSON。</translation>
    </message>
    <message>
        <source>say list, export, import or conversations</source>
        <translation>请给出 list、export、import 或 conversations</translation>
    </message>
    <message>
        <source>unknown action &quot;%1&quot;; say list, export, import or conversations</source>
        <translation>未知操作 &quot;%1&quot;；请给出 list、export、import 或 conversations</translation>
    </message>
    <message>
        <source>conversations takes at most one NAME</source>
        <translation>conversations 最多接受一个 NAME</translation>
    </message>
    <message>
        <source>--pin-table and --exclude-table take a table name</source>
        <translation>--pin-table 和 --exclude-table 需要一个表名</translation>
    </message>
    <message>
        <source>the table &apos;%1&apos; is both pinned and excluded</source>
        <translation>表 &apos;%1&apos; 既被固定又被排除</translation>
    </message>
    <message>
        <source>--pin-table %1: the database has no such table; it was ignored</source>
        <translation>--pin-table %1：数据库中没有这个表；已忽略</translation>
    </message>
    <message>
        <source>the conversation &quot;%1&quot; is about %2, not %3</source>
        <translation>对话 &quot;%1&quot; 针对的是 %2，而不是 %3</translation>
    </message>
    <message>
        <source>Always show this table to the model, for this run (repeatable; added to the pins the case store keeps).</source>
        <translation>本次运行中总是把这个表提供给模型（可重复；在案例库保存的固定表之外另加）。</translation>
    </message>
    <message>
        <source>table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>Never show this table to the model nor let a repair read it, for this run (repeatable; added to the excludes the case store keeps).</source>
        <translation>本次运行中从不把这个表提供给模型，也不让修复读取它（可重复；在案例库保存的排除表之外另加）。</translation>
    </message>
    <message>
        <source>Continue the conversation of this name in the case store (--cases, else the app&apos;s own), or start it: the model sees its earlier questions, their SQL and columns, never their rows.</source>
        <translation>在案例库（--cases，否则为应用自己的案例库）中继续这个名称的对话，或新开一个：模型能看到之前的问题、它们的 SQL 和列名，但绝不会看到行数据。</translation>
    </message>
    <message>
        <source>conversation %1, turn %2</source>
        <translation>对话 %1，第 %2 轮</translation>
    </message>
    <message>
        <source>Business notes on tables and columns, and the glossary</source>
        <translation>表和列上的业务备注，以及术语表</translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n 条备注</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n glossary term(s)</source>
        <translation>
            <numerusform>%n 个术语</numerusform>
        </translation>
    </message>
    <message>
        <source>name a table (orders) or a column (orders.amount), not &quot;%1&quot;</source>
        <translation>请给出一个表（orders）或一列（orders.amount），而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the note on %1 is empty and was removed</source>
        <translation>%1 上的备注为空，已删除</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) exported</source>
        <translation>
            <numerusform>已导出 %n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s) or term(s) imported</source>
        <translation>
            <numerusform>已导入 %n 条备注或术语</numerusform>
        </translation>
    </message>
    <message>
        <source>Business notes on a database&apos;s tables and columns, and its glossary of business terms, kept in the case store per database; ask writes them into the prompt next to the names they describe and links the tables they name.
  list                 the notes and terms, or with --json as a JSON array
  set TABLE[.COLUMN]   --description, --synonym, --value, --formula (the options given replace those fields; an empty value clears one)
  set --term TEXT      --definition TEXT [--table NAME ...]
  remove TABLE[.COLUMN] | remove --term TEXT
  export               JSON Lines to --output FILE or standard output
  import FILE|-        JSON Lines; bad lines are reported with their numbers and the rest kept</source>
        <translation>数据库中表和列的业务备注，以及它的业务术语表，按数据库保存在案例库中；ask 会把它们写进提示词，放在它们所描述的名称旁边，并关联它们提到的表。
  list                 列出备注和术语，或用 --json 输出 JSON 数组
  set TABLE[.COLUMN]   --description、--synonym、--value、--formula（给出的选项替换这些字段；空值清除该字段）
  set --term TEXT      --definition TEXT [--table NAME ...]
  remove TABLE[.COLUMN] | remove --term TEXT
  export               JSON Lines，写到 --output FILE 或标准输出
  import FILE|-        JSON Lines；坏行会报告其行号，其余保留</translation>
    </message>
    <message>
        <source>list, set, remove, export or import</source>
        <translation>list、set、remove、export 或 import</translation>
    </message>
    <message>
        <source>The database the notes are about (its URL, or &apos;demo&apos;).</source>
        <translation>备注所针对的数据库（它的 URL，或 &apos;demo&apos;）。</translation>
    </message>
    <message>
        <source>The case store: a SQLite file, sqlite:///path or postgresql://user@host:port/db?schema=name (default: the app&apos;s own store; ask reads them from its --cases store).</source>
        <translation>案例库：SQLite 文件、sqlite:///path 或 postgresql://user@host:port/db?schema=name（默认：应用自己的案例库；ask 从它的 --cases 案例库读取）。</translation>
    </message>
    <message>
        <source>set: what the table or column means.</source>
        <translation>set：这个表或列的含义。</translation>
    </message>
    <message>
        <source>set: another word for it (repeat for more).</source>
        <translation>set：它的另一个叫法（可重复）。</translation>
    </message>
    <message>
        <source>word</source>
        <translation>词</translation>
    </message>
    <message>
        <source>set: a value it takes (repeat for more).</source>
        <translation>set：它可能取的值（可重复）。</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>set: how a business measure is computed from it.</source>
        <translation>set：如何由它计算一个业务指标。</translation>
    </message>
    <message>
        <source>expression</source>
        <translation>表达式</translation>
    </message>
    <message>
        <source>set, remove: a glossary term instead of a name.</source>
        <translation>set、remove：针对术语而不是名称。</translation>
    </message>
    <message>
        <source>set --term: what the term means.</source>
        <translation>set --term：这个术语的含义。</translation>
    </message>
    <message>
        <source>set --term: a table that answers it (repeat for more).</source>
        <translation>set --term：回答这个术语的表（可重复）。</translation>
    </message>
    <message>
        <source>list: write a JSON array.</source>
        <translation>list：输出 JSON 数组。</translation>
    </message>
    <message>
        <source>say list, set, remove, export or import</source>
        <translation>请给出 list、set、remove、export 或 import</translation>
    </message>
    <message>
        <source>unknown action &quot;%1&quot;; say list, set, remove, export or import</source>
        <translation>未知操作 &quot;%1&quot;；请给出 list、set、remove、export 或 import</translation>
    </message>
    <message>
        <source>%1 takes one TABLE or TABLE.COLUMN, or --term TEXT</source>
        <translation>%1 需要一个 TABLE 或 TABLE.COLUMN，或 --term TEXT</translation>
    </message>
    <message>
        <source>--term is for set and remove</source>
        <translation>--term 只用于 set 和 remove</translation>
    </message>
    <message>
        <source>the note&apos;s fields are for set</source>
        <translation>备注的字段只用于 set</translation>
    </message>
    <message>
        <source>a term takes --definition and --table</source>
        <translation>术语接受 --definition 和 --table</translation>
    </message>
    <message>
        <source>--definition and --table are for --term</source>
        <translation>--definition 和 --table 只用于 --term</translation>
    </message>
    <message>
        <source>say what to set: --description, --synonym, --value or --formula</source>
        <translation>请说明要设置什么：--description、--synonym、--value 或 --formula</translation>
    </message>
    <message>
        <source>--json is for list</source>
        <translation>--json 只用于 list</translation>
    </message>
    <message>
        <source>Diagnose on &lt;n&gt; threads (default: one per core); the answers keep the order of the lines.</source>
        <translation>在 &lt;n&gt; 个线程上诊断（默认：每个核心一个）；回答保持各行的顺序。</translation>
    </message>
    <message>
        <source>--threads needs a whole number &gt;= 1, not &apos;%1&apos;</source>
        <translation>--threads 需要一个 &gt;= 1 的整数，而不是 &apos;%1&apos;</translation>
    </message>
    <message>
        <source>sqlmend run: the repair %1 ran, but its result does not stand as the answer: %2 %3</source>
        <translation>sqlmend run：修复 %1 已运行，但其结果不能作为答案：%2 %3</translation>
    </message>
    <message numerus="yes">
        <source>sqlmend run: stopped at %n row(s) (--max-rows); the result has more rows</source>
        <translation>
            <numerusform>sqlmend run：已在 %n 行处停止（--max-rows）；结果还有更多行</numerusform>
        </translation>
    </message>
    <message>
        <source>Fetch at most this many rows (default 0: all of them).</source>
        <translation>最多获取这么多行（默认 0：全部获取）。</translation>
    </message>
    <message>
        <source>--max-rows takes a whole number, 0 (all rows) or more</source>
        <translation>--max-rows 需要一个整数，0（全部行）或更大</translation>
    </message>
    <message>
        <source>%1 of the first %2 rows shown; the result has more (sqlmend run --sql with the final SQL prints every row)</source>
        <translation>显示了前 %2 行中的 %1 行；结果还有更多行（用 sqlmend run --sql 运行最终的 SQL 可输出全部行）</translation>
    </message>
    <message>
        <source>%1 of %2 rows shown (sqlmend run --sql with the final SQL prints every row)</source>
        <translation>显示了 %2 行中的 %1 行（用 sqlmend run --sql 运行最终的 SQL 可输出全部行）</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the repairs and the doubts --autofix lists</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>When the statement fails, try the deterministic repairs in order (%1), each judged by the database; a repair&apos;s rows stand only when nothing leaves them in doubt (%2); a spelling fix&apos;s rows stand as they come, unless the statement itself leaves them in doubt.</source>
        <translation>语句失败时，按顺序尝试确定性修复（%1），每项修复都由数据库判定；只有当结果没有任何存疑之处（%2）时，修复的结果才会被采纳；拼写修正的结果照原样采纳，除非语句本身就令其存疑。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::Advisor</name>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>%1 [… %2 more characters]</source>
        <translation>%1 [… 还有 %2 个字符]</translation>
    </message>
    <message>
        <source>Do not retry: the server rejects this login. Check the user name and password of the connection profile, or ask the database administrator to grant this user access.</source>
        <translation>不要重试：服务器拒绝了此次登录。请检查连接配置中的用户名和密码，或请数据库管理员为该用户授予访问权限。</translation>
    </message>
    <message>
        <source>Do not retry: the database refuses this operation to your user. Ask the database owner for the privilege the error names, or ask a question about tables you can read.</source>
        <translation>不要重试：数据库拒绝你的用户执行此操作。请向数据库所有者申请错误中提到的权限，或针对你能读取的表提问。</translation>
    </message>
    <message>
        <source>%1 (column of %2)</source>
        <translation>%1（%2 的列）</translation>
    </message>
    <message>
        <source>Do not retry: you lack the privilege on %1. Ask the database owner for read access to %1, or ask about data in tables you can read.</source>
        <translation>不要重试：你没有 %1 的权限。请向数据库所有者申请 %1 的读取权限，或询问你能读取的表中的数据。</translation>
    </message>
    <message>
        <source>Do not retry: you lack the privilege on %1. Ask the database owner for read access to %1. Other tables of the same schema, to request together or to use instead if they hold the data: %2.</source>
        <translation>不要重试：你没有 %1 的权限。请向数据库所有者申请 %1 的读取权限。同一模式中的其他表，可以一并申请，或在它们包含相同数据时改用：%2。</translation>
    </message>
    <message>
        <source>Do not retry: the data is stored with %1, which this server cannot read. Tell the owner of the table; ask about other tables meanwhile.</source>
        <translation>不要重试：数据以 %1 存储，此服务器无法读取。请告知该表的所有者；在此期间可以询问其他表。</translation>
    </message>
    <message>
        <source>Do not retry: the data of %1 is damaged or in a format this server cannot read. Tell the owner of the table or database file so it can be repaired or restored; ask about other tables meanwhile.</source>
        <translation>不要重试：%1 的数据已损坏，或其格式此服务器无法读取。请告知该表或数据库文件的所有者以便修复或恢复；在此期间可以询问其他表。</translation>
    </message>
    <message>
        <source>Do not retry: the stored data is damaged or in a format this server cannot read. Tell the owner of the database so it can be repaired or restored.</source>
        <translation>不要重试：存储的数据已损坏，或其格式此服务器无法读取。请告知数据库所有者以便修复或恢复。</translation>
    </message>
    <message>
        <source>Do not retry this query as it is: %1 has no type %2. Cast in a supported way, with %3 instead.</source>
        <translation>不要按原样重试此查询：%1 没有类型 %2。请以受支持的方式转换，改用 %3。</translation>
    </message>
    <message>
        <source>Do not retry this query as it is: %1 has no type %2. Select other columns, or cast to a type that %1 supports.</source>
        <translation>不要按原样重试此查询：%1 没有类型 %2。请选择其他列，或转换为 %1 支持的类型。</translation>
    </message>
    <message>
        <source>Do not retry this query as it is: values of type %1 cannot be used this way here. Select other columns, or cast the column in a supported way, e.g. %2.</source>
        <translation>不要按原样重试此查询：类型为 %1 的值不能在这里这样使用。请选择其他列，或以受支持的方式转换该列，例如 %2。</translation>
    </message>
    <message>
        <source>Do not retry this query as it is: it uses a data type that cannot be handled here. Select other columns, or cast the column in a supported way, e.g. %1.</source>
        <translation>不要按原样重试此查询：它使用了此处无法处理的数据类型。请选择其他列，或以受支持的方式转换该列，例如 %1。</translation>
    </message>
    <message>
        <source>Do not retry: SQLMend only runs read-only queries, and this statement (%1) would change data. Rewrite it as a SELECT that shows the rows you want to look at.</source>
        <translation>不要重试：SQLMend 只运行只读查询，而此语句（%1）会修改数据。请改写为 SELECT，显示你想查看的行。</translation>
    </message>
    <message>
        <source>Do not retry: SQLMend only runs read-only queries, and this statement would change data. Rewrite it as a SELECT that shows the rows you want to look at.</source>
        <translation>不要重试：SQLMend 只运行只读查询，而此语句会修改数据。请改写为 SELECT，显示你想查看的行。</translation>
    </message>
    <message>
        <source>The query waited too long for a lock that another session holds. Try again when that work is done; if it keeps failing, narrow the query so it reads fewer rows.</source>
        <translation>查询等待另一个会话持有的锁太久。请在那项工作完成后再试；如果仍然失败，请缩小查询范围，让它读取更少的行。</translation>
    </message>
    <message>
        <source>The query ran past the time limit, and the same shape will time out again. Narrow the scan: filter on indexed or partition columns, use a smaller date range, add LIMIT, or aggregate before joining.</source>
        <translation>查询超过了时间限制，同样结构的查询会再次超时。请缩小扫描范围：按索引列或分区列过滤、缩小日期范围、加上 LIMIT，或先聚合再连接。</translation>
    </message>
    <message>
        <source>The query needs more memory or work than the server allows, and the same shape will fail again. Narrow the scan: filter on indexed or partition columns, use a smaller date range, add LIMIT, or aggregate before joining.</source>
        <translation>查询所需的内存或工作量超出服务器的限制，同样结构的查询会再次失败。请缩小扫描范围：按索引列或分区列过滤、缩小日期范围、加上 LIMIT，或先聚合再连接。</translation>
    </message>
    <message>
        <source>A column the query names does not exist. Check the real column names of the tables in the schema and use one of them; do not guess another name.</source>
        <translation>查询引用的某个列不存在。请查看模式中各表的真实列名并使用其中之一；不要猜测其他名称。</translation>
    </message>
    <message>
        <source>The column %1 does not exist in %2. Use one of: %3.</source>
        <translation>列 %1 在 %2 中不存在。请使用以下之一：%3。</translation>
    </message>
    <message>
        <source>The column %1 does not exist. Use one of: %2.</source>
        <translation>列 %1 不存在。请使用以下之一：%2。</translation>
    </message>
    <message>
        <source>The column %1 does not exist. If %1 is meant as a text value, write it in single quotes (&apos;%2&apos;): in %3, double quotes name a column.</source>
        <translation>列 %1 不存在。如果 %1 是文本值，请用单引号括起来（&apos;%2&apos;）：在 %3 中，双引号表示列名。</translation>
    </message>
    <message>
        <source>The column %1 does not exist, and no real column has a similar name. Check which table holds this information and use its real column.</source>
        <translation>列 %1 不存在，也没有名称相近的真实列。请确认哪个表保存这项信息，并使用它的真实列。</translation>
    </message>
    <message>
        <source>The column %1 does not exist. Check the real column names of the table in the schema and use one of them; do not guess another name.</source>
        <translation>列 %1 不存在。请查看模式中该表的真实列名并使用其中之一；不要猜测其他名称。</translation>
    </message>
    <message>
        <source>The table or alias %1 is used but not defined in FROM. Add its table to FROM or JOIN with the alias %1, or use the alias the FROM clause already defines.</source>
        <translation>表或别名 %1 被使用，但未在 FROM 中定义。请将其表以别名 %1 加入 FROM 或 JOIN，或使用 FROM 子句已定义的别名。</translation>
    </message>
    <message>
        <source>The schema %1 does not exist. Use one of: %2.</source>
        <translation>模式 %1 不存在。请使用以下之一：%2。</translation>
    </message>
    <message>
        <source>The schema %1 does not exist. Use a schema the schema browser lists, or leave the table name unqualified.</source>
        <translation>模式 %1 不存在。请使用模式浏览器中列出的模式，或不加模式限定表名。</translation>
    </message>
    <message>
        <source>A table the query names does not exist. Check the schema for the real table name (and its schema prefix) instead of guessing.</source>
        <translation>查询引用的某个表不存在。请在模式中查找真实的表名（及其模式前缀），不要猜测。</translation>
    </message>
    <message>
        <source>The table %1 does not exist. Use one of: %2.</source>
        <translation>表 %1 不存在。请使用以下之一：%2。</translation>
    </message>
    <message>
        <source>The table %1 does not exist, and no real table has a similar name. Check which table holds this information in the schema.</source>
        <translation>表 %1 不存在，也没有名称相近的真实表。请在模式中确认哪个表保存这项信息。</translation>
    </message>
    <message>
        <source>The table %1 does not exist. Check the schema for the real table name (and its schema prefix) instead of guessing.</source>
        <translation>表 %1 不存在。请在模式中查找真实的表名（及其模式前缀），不要猜测。</translation>
    </message>
    <message>
        <source>The function %1 exists, but not with this number of arguments. Call it with the arguments %2 expects (see its signature in the manual).</source>
        <translation>函数 %1 存在，但不接受这个数量的参数。请按 %2 要求的参数调用（参见手册中的函数签名）。</translation>
    </message>
    <message>
        <source>A function the query calls does not exist in %1 with these arguments. Use a function %1 provides, or cast the arguments to the types the function accepts.</source>
        <translation>查询调用的某个函数在 %1 中不存在（对这些参数而言）。请使用 %1 提供的函数，或将参数转换为该函数接受的类型。</translation>
    </message>
    <message>
        <source>The function %1 exists in %2, but not for the argument types (%3). Cast the arguments to the types it accepts, e.g. %4.</source>
        <translation>函数 %1 在 %2 中存在，但不接受这些参数类型（%3）。请将参数转换为它接受的类型，例如 %4。</translation>
    </message>
    <message>
        <source>%1 has no function %2. Use %3 instead.</source>
        <translation>%1 没有函数 %2。请改用 %3。</translation>
    </message>
    <message>
        <source>%1 has no function %2. Use one of: %3.</source>
        <translation>%1 没有函数 %2。请使用以下之一：%3。</translation>
    </message>
    <message>
        <source>%1 has no function %2. Rewrite the expression with functions that %1 provides.</source>
        <translation>%1 没有函数 %2。请用 %1 提供的函数改写该表达式。</translation>
    </message>
    <message>
        <source>A text value is longer than its type allows. Cast to a longer type (for example %1) or shorten the value with SUBSTRING.</source>
        <translation>文本值超过了其类型允许的长度。请转换为更长的类型（例如 %1），或用 SUBSTRING 截短该值。</translation>
    </message>
    <message>
        <source>The value %1 is not a valid date or time. Fix the literal (ISO format &apos;YYYY-MM-DD&apos; with a real month and day), or convert text with %2.</source>
        <translation>值 %1 不是有效的日期或时间。请修正该字面量（ISO 格式 &apos;YYYY-MM-DD&apos;，月和日须真实存在），或用 %2 转换文本。</translation>
    </message>
    <message>
        <source>A value is not a valid date or time. Fix the literal (ISO format &apos;YYYY-MM-DD&apos; with a real month and day), or convert text with %1.</source>
        <translation>某个值不是有效的日期或时间。请修正该字面量（ISO 格式 &apos;YYYY-MM-DD&apos;，月和日须真实存在），或用 %1 转换文本。</translation>
    </message>
    <message>
        <source>A number is out of range for its type. Cast to a wider type before the arithmetic, e.g. %1.</source>
        <translation>某个数字超出了其类型的范围。请在运算前转换为更宽的类型，例如 %1。</translation>
    </message>
    <message>
        <source>%1 cannot convert %2 to %3 directly. Convert through a type both sides understand (for example extract a number from a date with EXTRACT, or cast through text), or compare values of the same type.</source>
        <translation>%1 不能将 %2 直接转换为 %3。请通过双方都能理解的类型转换（例如用 EXTRACT 从日期中取出数字，或经由文本转换），或比较同类型的值。</translation>
    </message>
    <message>
        <source>The value %1 is not a number, so it cannot become %2. Compare it with a text column instead, or filter out such values before converting with %3.</source>
        <translation>值 %1 不是数字，因此不能变成 %2。请改为与文本列比较，或在用 %3 转换之前过滤掉这类值。</translation>
    </message>
    <message>
        <source>The value %1 cannot be read as %2. In %3, convert text such as %1 with %4, not with AS INT or AS DOUBLE; filter out values that are not numbers.</source>
        <translation>值 %1 无法读取为 %2。在 %3 中，像 %1 这样的文本请用 %4 转换，而不是 AS INT 或 AS DOUBLE；并过滤掉不是数字的值。</translation>
    </message>
    <message>
        <source>The value %1 cannot be read as %2. In %3, convert it with %4, and filter out values that do not convert.</source>
        <translation>值 %1 无法读取为 %2。在 %3 中，请用 %4 转换，并过滤掉无法转换的值。</translation>
    </message>
    <message>
        <source>A value cannot be read as %1. In %2, convert it explicitly with %3, and filter out values that do not convert.</source>
        <translation>某个值无法读取为 %1。在 %2 中，请用 %3 显式转换，并过滤掉无法转换的值。</translation>
    </message>
    <message>
        <source>A value does not convert to the type the query needs. In %1, convert explicitly with %2, and filter out values that do not convert.</source>
        <translation>某个值无法转换为查询需要的类型。在 %1 中，请用 %2 显式转换，并过滤掉无法转换的值。</translation>
    </message>
    <message>
        <source>The two sides use different collations. Convert one side, e.g. %1, so both compare with the same collation.</source>
        <translation>两边使用了不同的排序规则。请转换其中一边，例如 %1，使两边按相同的排序规则比较。</translation>
    </message>
    <message>
        <source>The operator %1 cannot compare or combine %2 with %3. Cast one side so both have the same type (e.g. %4, or a number without quotes), or compare with a column of the matching type.</source>
        <translation>运算符 %1 无法比较或组合 %2 与 %3。请转换其中一边使两边类型相同（例如 %4，或不加引号的数字），或与类型匹配的列比较。</translation>
    </message>
    <message>
        <source>An operator or function gets values of types that do not fit together. Cast one side so both have the same type, e.g. %1.</source>
        <translation>运算符或函数收到的值类型不匹配。请转换其中一边使两边类型相同，例如 %1。</translation>
    </message>
    <message>
        <source>An aggregate (SUM, AVG, COUNT …) is used where rows are still being filtered. Move that condition into HAVING after GROUP BY, or compute the aggregate in a subquery and compare with its result.</source>
        <translation>聚合函数（SUM、AVG、COUNT …）被用在仍在过滤行的位置。请把该条件移到 GROUP BY 之后的 HAVING 中，或在子查询中计算聚合再与其结果比较。</translation>
    </message>
    <message>
        <source>HAVING needs a GROUP BY or an aggregate. Add the GROUP BY the question needs, or put the condition in WHERE.</source>
        <translation>HAVING 需要 GROUP BY 或聚合函数。请加上问题所需的 GROUP BY，或把条件放到 WHERE 中。</translation>
    </message>
    <message>
        <source>GROUP BY cannot contain an aggregate. Group by the plain columns or expressions, and keep the aggregates in the SELECT list.</source>
        <translation>GROUP BY 中不能包含聚合函数。请按普通列或表达式分组，并把聚合函数留在 SELECT 列表中。</translation>
    </message>
    <message>
        <source>A selected column is neither grouped nor aggregated. Add every selected plain column to GROUP BY, or wrap it in an aggregate such as MAX or COUNT.</source>
        <translation>某个被选择的列既未分组也未聚合。请把每个被选择的普通列加入 GROUP BY，或用 MAX、COUNT 等聚合函数包裹它。</translation>
    </message>
    <message>
        <source>The column %1 is neither grouped nor aggregated. Add %1 to GROUP BY, or wrap it in an aggregate such as %2.</source>
        <translation>列 %1 既未分组也未聚合。请把 %1 加入 GROUP BY，或用聚合函数包裹它，例如 %2。</translation>
    </message>
    <message>
        <source>The result has two columns named %1. Give one of them its own name with AS, or select it only once.</source>
        <translation>结果中有两列都叫 %1。请用 AS 给其中一列另起名称，或只选择一次。</translation>
    </message>
    <message>
        <source>The alias %1 is given to two tables. Give every table in FROM and JOIN its own alias.</source>
        <translation>别名 %1 被赋给了两个表。请为 FROM 和 JOIN 中的每个表使用各自的别名。</translation>
    </message>
    <message>
        <source>A column name exists in more than one table of the query. Qualify every such column with its table alias (for example o.id).</source>
        <translation>某个列名存在于查询的多个表中。请用表别名限定每个这样的列（例如 o.id）。</translation>
    </message>
    <message>
        <source>The column %1 exists in %2. Qualify it with the alias of the table it should come from (for example %3).</source>
        <translation>列 %1 存在于 %2 中。请用它应来自的表的别名限定它（例如 %3）。</translation>
    </message>
    <message>
        <source>The column %1 exists in more than one table of the query. Qualify it with the alias of the table it should come from (for example %2).</source>
        <translation>列 %1 存在于查询的多个表中。请用它应来自的表的别名限定它（例如 %2）。</translation>
    </message>
    <message>
        <source>A quoted string is not closed. Close it with a single quote, and double any single quote inside the text (&apos;it&apos;&apos;s&apos;).</source>
        <translation>有一个带引号的字符串没有闭合。请用单引号闭合它，并将文本中的单引号写两次（&apos;it&apos;&apos;s&apos;）。</translation>
    </message>
    <message>
        <source>The statement ends too early. Complete it: a WITH clause needs its main SELECT, and every parenthesis must be closed.</source>
        <translation>语句过早结束。请把它补充完整：WITH 子句需要主 SELECT，每个括号都必须闭合。</translation>
    </message>
    <message>
        <source>%1 has no :: cast. Write %2 instead.</source>
        <translation>%1 没有 :: 类型转换。请改写为 %2。</translation>
    </message>
    <message>
        <source>%1 has no SELECT TOP n. Put %2 at the end of the query instead.</source>
        <translation>%1 没有 SELECT TOP n。请改为在查询末尾加上 %2。</translation>
    </message>
    <message>
        <source>%1 quotes names with double quotes, not backticks. Write %2, or leave the name unquoted.</source>
        <translation>%1 用双引号而不是反引号引用名称。请写作 %2，或不加引号。</translation>
    </message>
    <message>
        <source>Check the statement&apos;s syntax against the %1 dialect: keywords, commas, parentheses and quotes.</source>
        <translation>请按 %1 方言检查语句的语法：关键字、逗号、括号和引号。</translation>
    </message>
    <message>
        <source>%1 has no ILIKE. Write %2 instead.</source>
        <translation>%1 没有 ILIKE。请改写为 %2。</translation>
    </message>
    <message>
        <source>%1 is a reserved word. If it is meant as a name, use the real table name (%2) or quote it as %3.</source>
        <translation>%1 是保留字。如果它在这里是名称，请使用真实的表名（%2）或将其引用为 %3。</translation>
    </message>
    <message>
        <source>%1 is a reserved word. If it is meant as a name, quote it as %2 or use the real table or column name.</source>
        <translation>%1 是保留字。如果它在这里是名称，请将其引用为 %2，或使用真实的表名或列名。</translation>
    </message>
    <message>
        <source>Check the SQL near %1: a keyword, comma or parenthesis is missing or out of place there, or %2 spells this construct differently.</source>
        <translation>请检查 %1 附近的 SQL：那里缺少或放错了关键字、逗号或括号，或者 %2 对这种写法有不同的拼写。</translation>
    </message>
    <message>
        <source>A subquery used as a single value returns several rows. Make it return one row (an aggregate such as MAX, a tighter WHERE, or LIMIT 1), or compare with IN or EXISTS instead of =.</source>
        <translation>用作单个值的子查询返回了多行。请让它只返回一行（使用 MAX 等聚合函数、更严格的 WHERE 或 LIMIT 1），或用 IN 或 EXISTS 代替 =。</translation>
    </message>
    <message>
        <source>Check the statement against the schema: the names of tables and columns, the types of values, and the %1 syntax.</source>
        <translation>请对照模式检查语句：表名和列名、值的类型，以及 %1 的语法。</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>权限不足</translation>
    </message>
    <message>
        <source>the query ran out of time</source>
        <translation>查询超时</translation>
    </message>
    <message>
        <source>the stored data cannot be read</source>
        <translation>存储的数据无法读取</translation>
    </message>
    <message>
        <source>the query exceeded a resource limit</source>
        <translation>查询超出了资源限制</translation>
    </message>
    <message>
        <source>a data type is not supported here</source>
        <translation>此处不支持某种数据类型</translation>
    </message>
    <message>
        <source>a column does not exist</source>
        <translation>列不存在</translation>
    </message>
    <message>
        <source>a function does not exist for these arguments</source>
        <translation>函数不存在（对这些参数而言）</translation>
    </message>
    <message>
        <source>an operator got values of mismatched types</source>
        <translation>运算符收到了类型不匹配的值</translation>
    </message>
    <message>
        <source>a table does not exist</source>
        <translation>表不存在</translation>
    </message>
    <message>
        <source>a value cannot be converted to the needed type</source>
        <translation>值无法转换为所需的类型</translation>
    </message>
    <message>
        <source>the SQL has a syntax error</source>
        <translation>SQL 有语法错误</translation>
    </message>
    <message>
        <source>a column reference is ambiguous</source>
        <translation>列引用有歧义</translation>
    </message>
    <message>
        <source>a column is neither grouped nor aggregated</source>
        <translation>某列既未分组也未聚合</translation>
    </message>
    <message>
        <source>division by zero</source>
        <translation>除以零</translation>
    </message>
    <message>
        <source>the statement tries to write in a read-only session</source>
        <translation>语句试图在只读会话中写入</translation>
    </message>
    <message>
        <source>the connection to the database failed</source>
        <translation>与数据库的连接失败</translation>
    </message>
    <message>
        <source>the database rejected the query</source>
        <translation>数据库拒绝了该查询</translation>
    </message>
    <message>
        <source>Some rows divide by zero. Wrap the denominator in %1 so those rows give NULL instead of failing, e.g. %2.</source>
        <translation>有些行除以零。请用 %1 包裹分母，使这些行得到 NULL 而不是报错，例如 %2。</translation>
    </message>
    <message>
        <source>This is not the query&apos;s fault: the database server could not be reached or dropped the connection. Check that the server is running and reachable (host, port, network); the request is retried by the transport, so do not change the SQL.</source>
        <translation>这不是查询的问题：无法连接到数据库服务器，或连接被断开。请检查服务器是否在运行且可以访问（主机、端口、网络）；请求会由传输层重试，因此不要修改 SQL。</translation>
    </message>
    <message>
        <source>Query failed: %1. Error: %2</source>
        <translation>查询失败：%1。错误：%2</translation>
    </message>
    <message>
        <source>Advice: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>(the database gave no message)</source>
        <translation>（数据库没有给出消息）</translation>
    </message>
    <message>
        <source>The selected columns %1 are neither grouped nor aggregated. Add them to GROUP BY, or wrap each in an aggregate such as %2.</source>
        <translation>所选列 %1 既未分组也未聚合。请把它们加入 GROUP BY，或分别用 %2 之类的聚合函数包裹。</translation>
    </message>
    <message>
        <source>%1 (alias %2)</source>
        <translation>%1（别名 %2）</translation>
    </message>
    <message>
        <source>At readonly=1 the server refuses every table function, even %1: read a table instead (%2 for a series), or connect as an account whose profile has readonly=2 and add %3 to the URL.</source>
        <translation>在 readonly=1 下，服务器会拒绝所有表函数，即使是 %1：请改为读取表（序列可用 %2），或以设置配置文件为 readonly=2 的账户连接，并在 URL 中加入 %3。</translation>
    </message>
    <message>
        <source>The account&apos;s settings profile already has readonly=2, which a connection may not change: add %1 to the database URL. The query itself is not at fault.</source>
        <translation>该账户的设置配置文件已设为 readonly=2，连接无法更改它：请在数据库 URL 中加入 %1。查询本身没有问题。</translation>
    </message>
    <message>
        <source>%1 (in %2)</source>
        <translation>%1（在 %2 中）</translation>
    </message>
    <message>
        <source>The column %1 is not in %2, but %3 of the query has it: write %4, or join the table that really holds what the question asks for.</source>
        <translation>列 %1 不在 %2 中，但查询中的 %3 有此列：请写作 %4，或连接真正包含问题所需内容的表。</translation>
    </message>
    <message>
        <source>The alias %1 is not defined in FROM. %2 of the query has the column %3: write %4.</source>
        <translation>别名 %1 未在 FROM 中定义。查询中的 %2 有列 %3：请写作 %4。</translation>
    </message>
    <message>
        <source>The column %1 is in %2, which this part of the query cannot see: qualify it as %3 where that table is in FROM, or join it here.</source>
        <translation>列 %1 在 %2 中，而查询的这一部分看不到该表：请在该表位于 FROM 中的地方将其限定为 %3，或在此处连接该表。</translation>
    </message>
    <message>
        <source>The column %1 is not in %2; it is in %3.</source>
        <translation>列 %1 不在 %2 中；它在 %3 中。</translation>
    </message>
    <message>
        <source>The alias %1 is not defined in FROM, and the column %2 is in %3.</source>
        <translation>别名 %1 未在 FROM 中定义，而列 %2 在 %3 中。</translation>
    </message>
    <message>
        <source>The column %1 is not in the tables of the query (%2); it is in %3.</source>
        <translation>列 %1 不在查询的表（%2）中；它在 %3 中。</translation>
    </message>
    <message>
        <source>The column %1 is in %2.</source>
        <translation>列 %1 在 %2 中。</translation>
    </message>
    <message>
        <source>Join %1 to reach it: %2, then use %3.</source>
        <translation>连接 %1 以访问它：%2，然后使用 %3。</translation>
    </message>
    <message>
        <source>Add %1 to FROM with a join condition on the key that links it to the query&apos;s tables, then use %2.</source>
        <translation>将 %1 加入 FROM，并以把它与查询中各表关联起来的键作为连接条件，然后使用 %2。</translation>
    </message>
    <message>
        <source>ORDER BY term %1 names no column of the result. Order by a column the SELECT list returns (in a UNION, by its output columns), or by its position.</source>
        <translation>ORDER BY 项 %1 不是结果中的任何列。请按 SELECT 列表返回的列排序（在 UNION 中按其输出列），或按列的位置排序。</translation>
    </message>
    <message>
        <source>The statement is written inside backticks, which quote a single name. Answer with the SQL itself, without backticks or prose around it.</source>
        <translation>该语句写在反引号内，而反引号用于引用单个名称。请直接回答 SQL 本身，两侧不要有反引号或说明文字。</translation>
    </message>
    <message>
        <source>%1 in quotes is one name, not a column of %2. Quote each part on its own (%3) or leave the quotes out (%4).</source>
        <translation>加引号的 %1 是一个整体名称，而不是 %2 的列。请分别给每个部分加引号（%3），或去掉引号（%4）。</translation>
    </message>
    <message>
        <source>%1 tells names apart by letter case: the column is spelled %2, not %3.</source>
        <translation>%1 按大小写区分名称：该列拼写为 %2，而不是 %3。</translation>
    </message>
    <message>
        <source>%1 is written with typographic quotes, which SQL reads as part of a name. Write a text value in plain single quotes.</source>
        <translation>%1 使用了印刷体引号，SQL 会将其视为名称的一部分。请用普通单引号书写文本值。</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 用于 %2</translation>
    </message>
    <message>
        <source>Defined: %1.</source>
        <translation>已定义：%1。</translation>
    </message>
    <message>
        <source>The JOIN (or IN) reads %1 on every shard of a Distributed table, where %2 does not exist. Write %3 (or %4): the right side is then read once and sent to each shard.</source>
        <translation>JOIN（或 IN）会在 Distributed 表的每个分片上读取 %1，而分片上不存在 %2。请写作 %3（或 %4）：这样右侧只读取一次，并发送到每个分片。</translation>
    </message>
    <message>
        <source>%1 is a column of %2, not a table: select it from there.</source>
        <translation>%1 是 %2 的列，不是表：请从 %2 中选择它。</translation>
    </message>
    <message>
        <source>The tables are: %1.</source>
        <translation>现有的表：%1。</translation>
    </message>
    <message>
        <source>One aggregate is nested inside another (such as %1), which SQL does not allow. To find the group with the most or fewest rows, order the groups by the aggregate and keep the first: %2.</source>
        <translation>一个聚合函数嵌套在另一个聚合函数中（例如 %1），SQL 不允许这样做。要找出行数最多或最少的分组，请按该聚合对分组排序并只保留第一个：%2。</translation>
    </message>
    <message>
        <source>An aggregate is used in WHERE, where rows are still being filtered. Put the condition in HAVING (after GROUP BY), not in GROUP BY, or compare with the aggregate computed in a subquery that has its own FROM.</source>
        <translation>聚合函数被用在 WHERE 中，而此时仍在过滤行。请把条件放到 HAVING 中（GROUP BY 之后），而不是 GROUP BY 中，或与在拥有自己 FROM 的子查询中计算出的聚合值进行比较。</translation>
    </message>
    <message>
        <source>The join condition %1 makes them equal, so either qualifier gives the same value.</source>
        <translation>连接条件 %1 使它们相等，因此用哪个限定符都得到相同的值。</translation>
    </message>
    <message>
        <source>The column %1 is in %2. Qualify it with the table it should come from: %3.</source>
        <translation>列 %1 存在于 %2 中。请用它应来自的表限定它：%3。</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <source>The answer starts with %1, which is not SQL. Remove the marker and answer with the statement alone.</source>
        <translation>回答以 %1 开头，这不是 SQL。请去掉该标记，只回答语句本身。</translation>
    </message>
    <message>
        <source>The answer is not a SQL statement: it starts with %1. Answer with exactly one SQL statement and nothing else.</source>
        <translation>回答不是 SQL 语句：它以 %1 开头。请只回答一条 SQL 语句，不要有其他内容。</translation>
    </message>
    <message>
        <source>A second statement starts at %1 without a set operator: the answer runs on after the first statement. Answer with one statement, or join the two with UNION, INTERSECT or EXCEPT.</source>
        <translation>第二条语句从 %1 开始，且没有集合运算符：回答在第一条语句之后仍在继续。请只回答一条语句，或用 UNION、INTERSECT 或 EXCEPT 连接这两条语句。</translation>
    </message>
    <message>
        <source>The statement is followed by text that is not SQL, from %1 on. Answer with the statement alone, without explanations after it.</source>
        <translation>语句后面跟着不是 SQL 的文字（从 %1 开始）。请只回答语句本身，后面不要附加解释。</translation>
    </message>
    <message>
        <source>The answer is not one SQL statement. Answer with exactly one SELECT (or WITH) statement, without prose, markers or a second statement.</source>
        <translation>回答不是一条 SQL 语句。请只回答一条 SELECT（或 WITH）语句，不要附带说明文字、标记或第二条语句。</translation>
    </message>
    <message>
        <source>(SQLite&apos;s LIKE already ignores the case of ASCII letters.)</source>
        <translation>（SQLite 的 LIKE 本来就忽略 ASCII 字母的大小写。）</translation>
    </message>
    <message>
        <source>Both sides of the JOIN (or IN) are Distributed tables, so every shard would query every other shard. Write %1 or %2: the right side is then read once and sent to each shard.</source>
        <translation>JOIN（或 IN）的两侧都是 Distributed 表，因此每个分片都会查询其他所有分片。请写作 %1 或 %2：这样右侧只读取一次，并发送到每个分片。</translation>
    </message>
    <message>
        <source>No table of the query has a column %1; their keys are named for them: %2.</source>
        <translation>查询中的表都没有列 %1；它们的键以表名命名：%2。</translation>
    </message>
    <message>
        <source>No table of the query has a column %1. What links them to %2 is %3 (a foreign key to %2).</source>
        <translation>查询中的表都没有列 %1。把它们与 %2 关联起来的是 %3（指向 %2 的外键）。</translation>
    </message>
    <message>
        <source>No table of the query has a column %1; the key of %2 is %3.</source>
        <translation>查询中的表都没有列 %1；%2 的键是 %3。</translation>
    </message>
    <message>
        <source>The column %1 does not exist. The query&apos;s tables have %2, named with the same word.</source>
        <translation>列 %1 不存在。查询中的表有 %2，名称中含有同一个词。</translation>
    </message>
    <message>
        <source>%1 takes one argument: %2 counts the rows, %3 the rows where the column is not NULL, %4 its distinct values. To count distinct combinations of several columns, count the rows of a %5 subquery.</source>
        <translation>%1 只接受一个参数：%2 统计行数，%3 统计该列不为 NULL 的行，%4 统计其不同的值。要统计多列的不同组合，请统计 %5 子查询的行数。</translation>
    </message>
    <message>
        <source>No table of the query has a column %1. Join %2: %3.</source>
        <translation>查询中没有任何表包含列 %1。请连接 %2：%3。</translation>
    </message>
    <message>
        <source>No table of the query has a column %1, and none refers to %2: it is reached through %3. Join them: %4.</source>
        <translation>查询中没有任何表包含列 %1，也没有表引用 %2：需要经由 %3 才能到达它。请按如下方式连接：%4。</translation>
    </message>
    <message>
        <source>USING (%1) needs a column %1 on both sides of the join; %2 has none.</source>
        <translation>USING (%1) 要求连接两侧都有列 %1；%2 没有该列。</translation>
    </message>
    <message>
        <source>Join with ON on the columns that link the tables: %1.</source>
        <translation>请改用 ON，在连接这些表的列上进行连接：%1。</translation>
    </message>
    <message>
        <source>Join with ON on the columns that link the tables.</source>
        <translation>请改用 ON，在连接这些表的列上进行连接。</translation>
    </message>
    <message>
        <source>Columns are named for it: %1.</source>
        <translation>有以它命名的列：%1。</translation>
    </message>
    <message>
        <source>Columns are named for it: %1; they refer to %2.</source>
        <translation>有以它命名的列：%1；它们引用 %2。</translation>
    </message>
    <message>
        <source>A subquery that stands for one value (after IN or =, or in the SELECT list) returns more than one column. Select only the column to compare with in it, e.g. %1.</source>
        <translation>代表单个值的子查询（在 IN 或 = 之后，或在 SELECT 列表中）返回了不止一列。子查询中只选出要比较的那一列，例如 %1。</translation>
    </message>
    <message>
        <source>In a statement joined by %1, %2 applies to the whole result and comes after the last SELECT. To order or cut one SELECT on its own, make it a subquery: %3.</source>
        <translation>在由 %1 连接的语句中，%2 作用于整个结果，应放在最后一个 SELECT 之后。若要单独对某个 SELECT 排序或截取，请把它写成子查询：%3。</translation>
    </message>
    <message>
        <source>A number after %1 names an output column by its position, and the SELECT list has fewer columns than that. Name the column (or write the expression) instead of the number, or give a position the SELECT list has.</source>
        <translation>%1 之后的数字按位置指代输出列，但 SELECT 列表的列数比它少。请写出列名（或表达式）代替数字，或者给出 SELECT 列表中存在的位置。</translation>
    </message>
    <message>
        <source>A window function (%1) is computed after WHERE, GROUP BY and HAVING, so it cannot be used in them or inside an aggregate. Compute it in a subquery and filter on its result outside: %2.</source>
        <translation>窗口函数（%1）在 WHERE、GROUP BY 和 HAVING 之后才计算，因此不能用在这些子句中，也不能放在聚合函数里。请在子查询中计算它，再在外层按其结果过滤：%2。</translation>
    </message>
    <message>
        <source>%1 has no SELECT DISTINCT ON (...), which is PostgreSQL&apos;s. To keep the first row of each group, write %2; for one value per group, GROUP BY with an aggregate such as MAX.</source>
        <translation>%1 没有 SELECT DISTINCT ON (...)，那是 PostgreSQL 的写法。要保留每组的第一行，请写 %2；若每组只要一个值，请用 GROUP BY 加聚合函数（如 MAX）。</translation>
    </message>
    <message>
        <source>%1 is an alias of the table %2, given in another part of the statement; an alias stands for its table only in the query block that gives it. Name the table here: %3.</source>
        <translation>%1 是表 %2 的别名，定义在语句的另一部分；别名只在定义它的查询块中代表该表。请在这里写出表名：%3。</translation>
    </message>
    <message>
        <source>%1 has no comparison with ANY or ALL of a subquery&apos;s rows. Compare with one value: %2 is %3 (%4 takes MIN), %5 is %6 (%7 takes MAX), %8 is %9; ALL over no rows is true, where the MIN or MAX of no rows is NULL. Whether the question&apos;s &quot;any&quot; means every one or at least one decides between them.</source>
        <translation>%1 不支持与子查询各行的 ANY 或 ALL 比较。请改为与单个值比较：%2 即 %3（%4 用 MIN），%5 即 %6（%7 用 MAX），%8 即 %9；ALL 作用于零行时为真，而零行的 MIN 或 MAX 为 NULL。问题中的“任何”是指每一个还是至少一个，决定了用哪一种。</translation>
    </message>
    <message>
        <source>%1 has no EXTRACT(%2 FROM ...). Write %3 instead.</source>
        <translation>%1 没有 EXTRACT(%2 FROM ...)。请改写为 %3。</translation>
    </message>
    <message>
        <source>%1 stands after %2, but a query&apos;s clauses go in this order: SELECT, FROM with its JOINs, WHERE, GROUP BY, HAVING, ORDER BY, LIMIT. Move %1 before %2.</source>
        <translation>%1 出现在 %2 之后，但查询子句的顺序是：SELECT、FROM（及其 JOIN）、WHERE、GROUP BY、HAVING、ORDER BY、LIMIT。请把 %1 移到 %2 之前。</translation>
    </message>
    <message>
        <source>A condition on an aggregate (SUM, COUNT, ...) belongs in HAVING.</source>
        <translation>针对聚合（SUM、COUNT 等）的条件应写在 HAVING 中。</translation>
    </message>
    <message>
        <source>GROUP BY takes no %1. To order the groups, add %2 after GROUP BY (and HAVING).</source>
        <translation>GROUP BY 不接受 %1。若要对分组排序，请在 GROUP BY（及 HAVING）之后加上 %2。</translation>
    </message>
    <message>
        <source>An alias of several words needs quotes: write %1, or join the words with underscores.</source>
        <translation>由多个词组成的别名需要加引号：写成 %1，或用下划线连接这些词。</translation>
    </message>
    <message>
        <source>%1 reads as two names: a qualifier and its column are joined by a dot. Write %2.</source>
        <translation>%1 被读成了两个名称：限定符与其列之间要用点号连接。请写作 %2。</translation>
    </message>
    <message>
        <source>The query has no GROUP BY, so %1 in its ORDER BY is taken over all the rows at once, beside columns of each row. To rank by a count or total per row, group the rows: %2.</source>
        <translation>查询没有 GROUP BY，因此其 ORDER BY 中的 %1 是对全部行一次性计算的，却与每一行的列并列。若要按每行的计数或合计排序，请先对行分组：%2。</translation>
    </message>
    <message>
        <source>A backslash is not SQL: %1 is Markdown&apos;s escape of %2. Write the names with %2 alone.</source>
        <translation>反斜杠不是 SQL：%1 是 Markdown 对 %2 的转义。名称中直接写 %2 即可。</translation>
    </message>
    <message>
        <source>%1 takes no SELECT of %2 in parentheses. Write it without them, or as a subquery: %3.</source>
        <translation>%1 不接受 %2 中带括号的 SELECT。请去掉括号，或写成子查询：%3。</translation>
    </message>
    <message>
        <source>%1 stands for the WITH query %2, whose columns are %3.</source>
        <translation>%1 代表 WITH 查询 %2，它的列是 %3。</translation>
    </message>
    <message>
        <source>%1 returns %2: write %3.</source>
        <translation>%1 返回 %2：请写作 %3。</translation>
    </message>
    <message>
        <source>%1 is a column of %2: select it in %3&apos;s SELECT list, or join %2 here.</source>
        <translation>%1 是 %2 的列：请在 %3 的 SELECT 列表中选出它，或在这里连接 %2。</translation>
    </message>
    <message numerus="yes">
        <source>The tables are: %1, and %n more.</source>
        <translation>
            <numerusform>这些表是：%1，另有 %n 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>The column %1 does not exist, and no real column is spelled like it. Columns named with a word of the same stem: %2.</source>
        <translation>列 %1 不存在，也没有拼写相近的真实列。名称中含有同词根单词的列：%2。</translation>
    </message>
    <message>
        <source>%1 is the unit argument of %2, which %3 does not have, so it reads %1 as a column. Use %4 instead.</source>
        <translation>%1 是 %2 的单位参数，而 %3 没有这个函数，所以把 %1 当成了列。请改用 %4。</translation>
    </message>
    <message>
        <source>%1 is the unit argument of %2, which %3 does not have, so it reads %1 as a column. Rewrite it with %3&apos;s own date functions.</source>
        <translation>%1 是 %2 的单位参数，而 %3 没有这个函数，所以把 %1 当成了列。请用 %3 自己的日期函数改写。</translation>
    </message>
    <message>
        <source>The statement closes a parenthesis it never opened, at %1. Remove that %2, or open the parenthesis it was meant to close.</source>
        <translation>语句在 %1 处关闭了一个从未打开的括号。请删除这个 %2，或者补上它本应关闭的左括号。</translation>
    </message>
    <message>
        <source>%1 opens a parenthesis that is never closed: the statement has one %2 fewer than %3. Close the call before its alias: %4.</source>
        <translation>%1 打开的括号始终没有关闭：语句中的 %2 比 %3 少一个。请在别名之前关闭这个调用：%4。</translation>
    </message>
    <message numerus="yes">
        <source>%1 opens a parenthesis that is never closed: the statement has %n %2 fewer than %3. Close it where what it holds ends.</source>
        <translation>
            <numerusform>%1 打开的括号始终没有关闭：语句中的 %2 比 %3 少 %n 个。请在括号内的内容结束处关闭它。</numerusform>
        </translation>
    </message>
    <message>
        <source>The statement stops in the middle, after %1, with a parenthesis still open: the answer was cut off. Answer again with the whole statement.</source>
        <translation>语句在 %1 之后中途结束，还有括号没有关闭：回答被截断了。请重新给出完整的语句。</translation>
    </message>
    <message>
        <source>The SELECTs joined by %1 return different numbers of columns. Give every SELECT the same columns in the same order.</source>
        <translation>由 %1 连接的各个 SELECT 返回的列数不同。请让每个 SELECT 返回相同的列，顺序也相同。</translation>
    </message>
    <message>
        <source>%1&apos;s %2 takes the separator as its second argument, not after SEPARATOR: %3.</source>
        <translation>%1 的 %2 把分隔符作为第二个参数，而不是写在 SEPARATOR 之后：%3。</translation>
    </message>
    <message>
        <source>%1 gives one expression two aliases; it takes one. Keep %2 or %3.</source>
        <translation>%1 给一个表达式起了两个别名，但只能有一个。保留 %2 或 %3。</translation>
    </message>
    <message>
        <source>MINUS is Oracle&apos;s name for EXCEPT, which %1 spells EXCEPT: the rows of the first query that the second does not return. Write %2.</source>
        <translation>MINUS 是 Oracle 对 EXCEPT 的叫法，%1 写作 EXCEPT：第一个查询中第二个查询没有返回的行。请写 %2。</translation>
    </message>
    <message>
        <source>%1 stands where a value is compared, and no column is named like it. If it is a text value, write it in single quotes: %2.</source>
        <translation>%1 出现在与某个值比较的位置，且没有名称与之相近的列。如果它是文本值，请用单引号括起来：%2。</translation>
    </message>
    <message>
        <source>its tables (%1) have no %2, so it reads %3 of the outer query</source>
        <translation>它的表（%1）没有 %2，因此它读取的是外层查询的 %3</translation>
    </message>
    <message>
        <source>%1 is the outer query&apos;s %2</source>
        <translation>%1 是外层查询的 %2</translation>
    </message>
    <message>
        <source>%1 is written in a subquery, but %2: SQL takes it as an aggregate of the outer query&apos;s rows, which its WHERE cannot hold.</source>
        <translation>%1 写在子查询中，但 %2：SQL 会把它当作外层查询各行上的聚合，而外层的 WHERE 中不能出现聚合。</translation>
    </message>
    <message>
        <source>For the subquery&apos;s own rows, write %1.</source>
        <translation>若要对子查询自身的行求聚合，请写 %1。</translation>
    </message>
    <message>
        <source>Take the aggregate over a column of the subquery&apos;s own tables, or read %1 in the subquery.</source>
        <translation>请对子查询自身表中的列求聚合，或在子查询中读取 %1。</translation>
    </message>
    <message>
        <source>ORDER BY takes ASC or DESC after a term, not %1. For the smallest first, write %2.</source>
        <translation>ORDER BY 的排序项之后应写 ASC 或 DESC，而不是 %1。要让最小值排在最前，请写 %2。</translation>
    </message>
    <message>
        <source>ORDER BY takes ASC or DESC after a term, not %1. For the largest first, write %2.</source>
        <translation>ORDER BY 的排序项之后应写 ASC 或 DESC，而不是 %1。要让最大值排在最前，请写 %2。</translation>
    </message>
    <message>
        <source>%1 has no built-in function %2, and this user may not run a stored function of that name. Rewrite the expression with functions that %1 provides (a stored function needs the EXECUTE privilege).</source>
        <translation>%1 没有内置函数 %2，而且当前用户不能运行同名的存储函数。请改用 %1 提供的函数重写该表达式（运行存储函数需要 EXECUTE 权限）。</translation>
    </message>
    <message>
        <source>The alias %1 is defined only inside a subquery (for %2), and a subquery&apos;s names are not seen outside it.</source>
        <translation>别名 %1 只在一个子查询内部定义（代表 %2），子查询中的名称在子查询之外不可见。</translation>
    </message>
    <message>
        <source>Where %1 is used, the query reads that table as %2: write %3.</source>
        <translation>在使用 %1 的位置，查询以 %2 读取该表：请写 %3。</translation>
    </message>
    <message>
        <source>Join that table where %1 is used, or move the condition into the subquery.</source>
        <translation>请在使用 %1 的位置连接（JOIN）该表，或把该条件移到子查询内部。</translation>
    </message>
    <message>
        <source>%1 stands where a value is compared, and no column is named like it: in %2, double quotes name a column. If it is a text value, write it in single quotes: %3.</source>
        <translation>%1 出现在用来比较的值的位置，但没有名为它的列：在 %2 中，双引号表示列名。如果它是一个文本值，请用单引号：%3。</translation>
    </message>
    <message>
        <source>%1 is the name the SELECT list gives a result, and WHERE is worked out before the SELECT list, so it cannot use that name. Repeat the expression in WHERE (a condition on an aggregate belongs in HAVING), or select from a subquery that computes it: %2.</source>
        <translation>%1 是 SELECT 列表给某个结果起的名字，而 WHERE 在 SELECT 列表之前计算，所以不能使用这个名字。请在 WHERE 中重复该表达式（对聚合的条件应写在 HAVING 中），或从计算它的子查询中选取：%2。</translation>
    </message>
    <message>
        <source>%1 has no %2 (MySQL&apos;s way to skip rows). Write %3: %4 is %5.</source>
        <translation>%1 没有 %2（MySQL 跳过若干行的写法）。请写 %3：%4 即 %5。</translation>
    </message>
    <message>
        <source>In %1 a backslash does not escape a quote inside a string, so %2 ends at the quote after the backslash. Write a quote inside a string twice: %3.</source>
        <translation>在 %1 中，反斜杠不会转义字符串中的引号，因此 %2 在反斜杠后的引号处就结束了。字符串中的引号要写两次：%3。</translation>
    </message>
    <message>
        <source>The statement stops at a quote that opens a string, after %1: the answer was cut off. Answer again with the whole statement.</source>
        <translation>语句在 %1 之后一个开始字符串的引号处停止：回答被截断了。请重新给出完整的语句。</translation>
    </message>
    <message>
        <source>A quoted name is never closed: the one that starts at %1 runs to the end of the statement. Close it.</source>
        <translation>有一个带引号的名称没有闭合：从 %1 开始的名称一直延续到语句末尾。请将其闭合。</translation>
    </message>
    <message>
        <source>A string is never closed: the one that starts at %1 runs to the end of the statement. Close it, and write a quote inside a string twice (%2).</source>
        <translation>有一个字符串没有闭合：从 %1 开始的字符串一直延续到语句末尾。请将其闭合，字符串中的引号要写两次（%2）。</translation>
    </message>
    <message>
        <source>This %1 server has UNION ALL only: after UNION it expects ALL. For UNION&apos;s rows without repeats write %2.</source>
        <translation>这台 %1 服务器只有 UNION ALL：在 UNION 之后它期望 ALL。要得到 UNION 那样不重复的行，请写 %2。</translation>
    </message>
    <message>
        <source>This %1 server has no %2: it read %3 as the table&apos;s alias and stopped at the SELECT after it. Write the rows of the first query %4 with %5.</source>
        <translation>这台 %1 服务器没有 %2：它把 %3 当作表的别名，并在其后的 SELECT 处停止。请用 %5 写出第一个查询中%4的行。</translation>
    </message>
    <message>
        <source>that the second does not return</source>
        <translation>第二个查询没有返回</translation>
    </message>
    <message>
        <source>that the second returns too</source>
        <translation>第二个查询也返回</translation>
    </message>
    <message>
        <source>%1 has no %2. Write %3 at the end of the query instead.</source>
        <translation>%1 没有 %2。请改为在查询末尾写 %3。</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 等另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>The column %1 is not in %2, and the condition sets it equal to %3: qualified as %3, it would compare that column with itself.</source>
        <translation>列 %1 不在 %2 中，而条件将它设为等于 %3：若限定为 %3，条件就会拿该列与它自身比较。</translation>
    </message>
    <message>
        <source>%1 refers to it through its own keys: compare %2 with %3.</source>
        <translation>%1 通过自己的键引用它：请将 %2 与 %3 比较。</translation>
    </message>
    <message>
        <source>%1 reaches the column through its keys: %2, then compare %3 with %4.</source>
        <translation>%1 通过其键可以访问该列：%2，然后将 %3 与 %4 比较。</translation>
    </message>
    <message>
        <source>The key that links %1 and %2 is %3: join on it instead.</source>
        <translation>连接 %1 和 %2 的键是 %3：请改为按它连接。</translation>
    </message>
    <message>
        <source>%1 is a column of the query&apos;s tables: if the next item starts there, a comma is missing before it (%2); if it is a word of the alias, write %3.</source>
        <translation>%1 是查询中某个表的列：如果下一项从这里开始，它前面缺少一个逗号（%2）；如果它是别名中的一个词，请写 %3。</translation>
    </message>
    <message>
        <source>%1 has no %2, Oracle&apos;s number of each row of a result. To keep the first rows, order them and end the query with the row limit (%3 keeps one row).</source>
        <translation>%1 没有 %2（Oracle 给结果中每一行的编号）。要保留前几行，请先排序，再在查询末尾加上行数限制（%3 保留一行）。</translation>
    </message>
    <message>
        <source>The column %1 does not exist in %2. %3, which the query joins to it on %4, holds it for that row as %5: write %6.</source>
        <translation>列 %1 在 %2 中不存在。查询通过 %4 连接到它的 %3 为那一行保存了它，列名是 %5：请写 %6。</translation>
    </message>
    <message>
        <source>%1 has no %2, and %3 holds numbers (%4), not dates: a date function would read them as day counts. If it holds the %5 itself, use the column as it is, e.g. %6, without %7.</source>
        <translation>%1 没有 %2，而且 %3 存放的是数字（%4），不是日期：日期函数会把它们当作天数来读。如果它存放的就是 %5 本身，请直接使用该列，例如 %6，不要用 %7。</translation>
    </message>
    <message>
        <source>%1 has no %2. %3 is a text column (%4) named for the %5: if it holds the %5 alone, use it as it is, e.g. %6, without %7; if it holds dates written like 2014-05-01, use %8.</source>
        <translation>%1 没有 %2。%3 是以 %5 命名的文本列（%4）：如果它只存放 %5，请直接使用该列，例如 %6，不要用 %7；如果它存放 2014-05-01 这样的日期，请用 %8。</translation>
    </message>
    <message>
        <source>function %1</source>
        <translation>函数 %1</translation>
    </message>
    <message>
        <source>%1 has no %2. %3 has a column %4: if it holds the %5 of %6, use it as it is (%7); otherwise write %8.</source>
        <translation>%1 没有 %2。%3 有一列 %4：如果它存放的是 %6 的 %5，请直接使用它（%7）；否则请写 %8。</translation>
    </message>
    <message numerus="yes">
        <source>%1, and %n more</source>
        <translation>
            <numerusform>%1，以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is a table the query reads, not a column of it: %2 counts its rows, and its columns are %3.</source>
        <translation>%1 是查询读取的表，不是它的列：%2 统计它的行数，它的列有 %3。</translation>
    </message>
    <message>
        <source>The column %1 does not exist, and no column of %2 has a similar name. Its columns are %3: use the one that holds this information, or join the table that has it.</source>
        <translation>列 %1 不存在，%2 也没有名称相近的列。它的列有 %3：请使用存放这项信息的那一列，或连接包含它的表。</translation>
    </message>
    <message>
        <source>%1 has %2</source>
        <translation>%1 有 %2</translation>
    </message>
    <message>
        <source>The column %1 does not exist, and no column of the query&apos;s tables has a similar name. %2. Use the one that holds this information, or join the table that has it.</source>
        <translation>列 %1 不存在，查询中的表也没有名称相近的列。%2。请使用存放这项信息的那一列，或连接包含它的表。</translation>
    </message>
    <message numerus="yes">
        <source>The query reads %1 %n times under that one name, so %2 could come from any of them. If the question needs the table once, read it once; otherwise give each its own alias (%3) and qualify the column with the one it should come from.</source>
        <translation>
            <numerusform>查询以同一个名称读取了 %1 %n 次，所以 %2 可能来自其中任何一个。如果问题只需要这张表一次，就只读取一次；否则给每一次读取各自的别名（%3），并用应当提供该列的那个别名来限定它。</numerusform>
        </translation>
    </message>
    <message>
        <source>The columns the query reads from it (%1) are in %2.</source>
        <translation>查询从它读取的列（%1）在 %2 中。</translation>
    </message>
    <message>
        <source>The query already reads %1: take the columns from there instead of joining a table that does not exist.</source>
        <translation>查询已经读取了 %1：从那里取这些列，而不要连接一张不存在的表。</translation>
    </message>
    <message>
        <source>%1 is a table the query reads, not a column of it: its key is %2, %3 counts its rows, and its columns are %4.</source>
        <translation>%1 是查询读取的表，不是它的列：它的键是 %2，%3 统计它的行数，它的列有 %4。</translation>
    </message>
    <message>
        <source>%1 of the query (alias %2) has a column %3: if the query means it, write %4.</source>
        <translation>查询中的 %1（别名 %2）有列 %3：如果查询指的是它，请写 %4。</translation>
    </message>
    <message>
        <source>%1 of the query has a column %2: if the query means it, write %3.</source>
        <translation>查询中的 %1 有列 %2：如果查询指的是它，请写 %3。</translation>
    </message>
    <message>
        <source>%1 is the name a subquery gives its result (%2), and only the query that reads that subquery in its FROM knows it. Where it stands now, write the expression itself (%3).</source>
        <translation>%1 是子查询给其结果起的名字（%2），只有在 FROM 中读取该子查询的查询才认识它。在它现在所在的位置，请直接写出表达式本身（%3）。</translation>
    </message>
    <message>
        <source>The query names this value %1, and %2 is stored: if it holds that value, read it instead of computing it.</source>
        <translation>查询把这个值命名为 %1，而 %2 已经存储：如果它存的就是这个值，请直接读取它，而不要计算。</translation>
    </message>
    <message>
        <source>The statement ends at %1 (the alias %2 of the query, or its start), where a column of it would follow: it looks cut off, as a reply the model&apos;s token limit stopped. Write the whole statement.</source>
        <translation>语句停在 %1（查询的别名 %2，或它的开头），而这里本应跟着它的某一列：它看起来被截断了，就像被模型的令牌上限截停的回复。请写出完整的语句。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::AnswerCheck</name>
    <message>
        <source>The repaired statement returned no rows.</source>
        <translation>修复后的语句没有返回任何行。</translation>
    </message>
    <message>
        <source>The repaired statement returned the same row more than once.</source>
        <translation>修复后的语句多次返回了同一行。</translation>
    </message>
    <message>
        <source>Rows of the repaired statement tie on its ORDER BY: which of them come first, or are kept by its LIMIT, is arbitrary.</source>
        <translation>修复后语句的若干行在其 ORDER BY 上并列：哪些行排在前面、哪些行被其 LIMIT 保留，是任意的。</translation>
    </message>
    <message>
        <source>A LIKE pattern of the repaired statement keeps other rows than the value it wraps in % would.</source>
        <translation>修复后语句中的 LIKE 模式所保留的行，与它用 % 包裹的那个值本身所保留的行不同。</translation>
    </message>
    <message>
        <source>The checks of the repaired statement&apos;s result could not run.</source>
        <translation>无法对修复后语句的结果执行检查。</translation>
    </message>
    <message>
        <source>Check the filters and literal values: the spelling and letter case of strings, date formats and ranges, and join conditions.</source>
        <translation>检查筛选条件和字面值：字符串的拼写和大小写、日期格式和范围，以及连接条件。</translation>
    </message>
    <message>
        <source>A join repeats rows: join on the full key, or use DISTINCT where the question asks for distinct values.</source>
        <translation>连接使行重复：请按完整的键连接；若问题要求不同的值，请使用 DISTINCT。</translation>
    </message>
    <message>
        <source>Order by columns that decide between the tied rows, or return every row that ties instead of cutting with LIMIT.</source>
        <translation>请按能区分并列行的列排序，或返回所有并列的行，而不是用 LIMIT 截断。</translation>
    </message>
    <message>
        <source>If the question names a value, compare with = (and the value&apos;s exact spelling); keep LIKE &apos;%...%&apos; for a question that asks for a part of a text.</source>
        <translation>如果问题指明了某个值，请用 = 比较（并使用该值的准确拼写）；只有当问题询问文本的一部分时才使用 LIKE &apos;%...%&apos;。</translation>
    </message>
    <message>
        <source>Write the statement again without the construct the checks could not run.</source>
        <translation>请避开检查无法运行的结构，重新编写该语句。</translation>
    </message>
    <message>
        <source>The repaired statement keeps the rows equal to a maximum or minimum, and more than one row shares it: whether the question asks for all of them or for one is open.</source>
        <translation>修复后的语句保留等于某个最大值或最小值的行，而有不止一行取到该值：问题要的是全部这些行还是其中一行，尚无定论。</translation>
    </message>
    <message>
        <source>If the question asks for one row, order by the measure and a column that decides between tied rows, with LIMIT 1; if it asks for every row at the maximum or minimum, say so by keeping the comparison.</source>
        <translation>如果问题只要一行，请按该度量以及一个能区分并列行的列排序，并加上 LIMIT 1；如果问题要所有取到最大值或最小值的行，请保留这一比较以表明这一点。</translation>
    </message>
    <message>
        <source>If the question asks for the row with the most or fewest of something, count or sum it per row, order by that and keep the first; if it asks for the largest or smallest value, take MAX or MIN of the column that holds the value.</source>
        <translation>如果问题要的是某样东西最多或最少的那一行，请按行计数或求和，按该值排序并取第一行；如果问题要的是最大或最小的值，请对存放该值的列取 MAX 或 MIN。</translation>
    </message>
    <message>
        <source>Every column the repaired statement returns is one its WHERE clause sets equal to a value: its rows only repeat the value it compares with.</source>
        <translation>修复后的语句返回的每一列，都被其 WHERE 子句设为等于某个值：它的行只是重复了它所比较的那个值。</translation>
    </message>
    <message>
        <source>Return the columns the question asks about for the rows the condition keeps, not the column the condition already fixes; for the row with the largest or smallest value, order by that column and keep the first.</source>
        <translation>返回问题所问的、条件保留下来的那些行的列，而不是条件已经固定的那一列；要找值最大或最小的那一行，请按该列排序并取第一行。</translation>
    </message>
    <message>
        <source>The repaired statement returns more than %L1 rows, more than its checks hold.</source>
        <translation>修复后的语句返回超过 %L1 行，超出了检查所能容纳的行数。</translation>
    </message>
    <message>
        <source>Write the statement again so that it returns only the rows the question asks for.</source>
        <translation>重写语句，使其只返回问题所问的那些行。</translation>
    </message>
    <message>
        <source>The repaired statement returns, next to other columns, a column its WHERE clause sets equal to a value or matches with a pattern: the question gives that column&apos;s value, and whether it also asks to see the column is open.</source>
        <translation>修复后的语句在其他列之外，还返回了一个被其 WHERE 子句设为某个值或用模式匹配的列：问题已给出该列的值，是否还要求显示该列并不确定。</translation>
    </message>
    <message>
        <source>Return only the columns the question asks for. A column whose value a condition gives belongs in the result only when the question asks to see it.</source>
        <translation>只返回问题所问的列。条件已给出其值的列，只有在问题要求显示时才应出现在结果中。</translation>
    </message>
    <message>
        <source>The repaired statement&apos;s WHERE clause excludes a value of a joined table that has several rows for each row it returns: a row that also has joined rows with that value still comes back.</source>
        <translation>修复后语句的 WHERE 子句排除了被连接表的某个值，而该表对返回的每一行都有多行：一行即使还有带这个值的连接行，也照样会被返回。</translation>
    </message>
    <message>
        <source>If the question asks for the rows that have no joined row with the value, exclude them with NOT IN (SELECT ...) or EXCEPT instead of comparing each joined row.</source>
        <translation>如果问题要的是没有任何连接行带这个值的行，请用 NOT IN (SELECT ...) 或 EXCEPT 排除它们，而不是逐个比较连接行。</translation>
    </message>
    <message>
        <source>The repaired statement returned one row whose every value is NULL: what an aggregate gives when no row matched its filters.</source>
        <translation>修复后的语句只返回一行，且每个值都是 NULL：这是没有任何行符合过滤条件时聚合函数给出的结果。</translation>
    </message>
    <message>
        <source>no rows</source>
        <translation>没有行</translation>
    </message>
    <message>
        <source>one row of NULLs</source>
        <translation>只有一行且全为 NULL</translation>
    </message>
    <message>
        <source>repeated rows</source>
        <translation>重复的行</translation>
    </message>
    <message>
        <source>a tie on the ORDER BY</source>
        <translation>ORDER BY 上的并列</translation>
    </message>
    <message>
        <source>a LIKE pattern that keeps other values</source>
        <translation>保留了其他值的 LIKE 模式</translation>
    </message>
    <message>
        <source>rows tied at a maximum or minimum</source>
        <translation>在最大值或最小值处并列的行</translation>
    </message>
    <message>
        <source>columns its WHERE sets equal to a value</source>
        <translation>被 WHERE 设为等于某个值的列</translation>
    </message>
    <message>
        <source>a column whose value its WHERE gives shown next to others</source>
        <translation>与其他列一起返回且其值已由 WHERE 给出的列</translation>
    </message>
    <message>
        <source>a value excluded on the many side of a join</source>
        <translation>在连接的“多”方排除的值</translation>
    </message>
    <message>
        <source>a column beside an aggregate taken from any one row</source>
        <translation>聚合旁取自任意一行的列</translation>
    </message>
    <message>
        <source>The repaired statement returns a column beside an aggregate without GROUP BY: its one row stands for every row the aggregate reads, and the column&apos;s value comes from any one of them.</source>
        <translation>修复后的语句在没有 GROUP BY 的情况下将一列与聚合一起返回：唯一的一行代表聚合读取的所有行，而该列的值取自其中任意一行。</translation>
    </message>
    <message>
        <source>For the row with the largest or smallest value, order by that column and keep the first with LIMIT 1; for a value per group, GROUP BY the column shown.</source>
        <translation>若要取值最大或最小的那一行，请按该列排序并用 LIMIT 1 保留第一行；若要每组一个值，请对所显示的列使用 GROUP BY。</translation>
    </message>
    <message>
        <source>a subquery&apos;s column read from the query around it</source>
        <translation>子查询从外层查询读取的列</translation>
    </message>
    <message>
        <source>A subquery of the repaired statement names a column that none of its own tables has, so it reads the value of the query around it: the subquery compares each row with itself.</source>
        <translation>修复后语句的子查询引用了其自身各表都没有的列，因此读取的是外层查询的值：子查询把每一行与它自己比较。</translation>
    </message>
    <message>
        <source>Name the subquery&apos;s columns from its own tables, joining the table that holds the column inside the subquery; where it should read the outer row, qualify the column with the outer table&apos;s alias.</source>
        <translation>用子查询自身的表来命名其列，在子查询内连接包含该列的表；若确实要读取外层的行，请用外层表的别名限定该列。</translation>
    </message>
    <message>
        <source>a comparison whose truth is compared again</source>
        <translation>对比较结果再次进行比较</translation>
    </message>
    <message>
        <source>The repaired statement compares the truth of a comparison again (a = &apos;x&apos; IS NULL reads as (a = &apos;x&apos;) IS NULL): a test a question seldom asks for.</source>
        <translation>修复后的语句对一个比较的真假再次进行比较（a = &apos;x&apos; IS NULL 读作 (a = &apos;x&apos;) IS NULL）：问题很少会要求这种判断。</translation>
    </message>
    <message>
        <source>Write each condition on its own, joined with AND or OR; for the rows that have no matching row, use NOT EXISTS or NOT IN.</source>
        <translation>把每个条件单独写出，用 AND 或 OR 连接；要找没有匹配行的行，请用 NOT EXISTS 或 NOT IN。</translation>
    </message>
    <message>
        <source>a table that no condition joins to the others</source>
        <translation>没有任何条件把它与其他表连接的表</translation>
    </message>
    <message>
        <source>The repaired statement lists a table that no condition joins to the others: each of its rows pairs with every row of theirs.</source>
        <translation>修复后的语句列出了一个没有任何条件与其他表连接的表：它的每一行都会与其他表的每一行配对。</translation>
    </message>
    <message>
        <source>Join every table on the key that links it to another (JOIN ... ON), or leave out the table the question does not need.</source>
        <translation>按照把每个表与另一个表关联起来的键连接它（JOIN ... ON），或者去掉问题不需要的表。</translation>
    </message>
    <message>
        <source>a column the GROUP BY leaves out, taken from any row of a group</source>
        <translation>GROUP BY 未包含的列，取自组内任意一行</translation>
    </message>
    <message>
        <source>The repaired statement returns a column its GROUP BY leaves out, and the rows of a group differ in it: each group shows the value of any one of its rows.</source>
        <translation>修复后的语句返回了一列 GROUP BY 未包含的列，而同一组的各行在该列上取值不同：每组显示的是其中任意一行的值。</translation>
    </message>
    <message>
        <source>Group by the column too, return only what is grouped (and the columns of the row a grouped key names), or take an aggregate of the column.</source>
        <translation>请把该列也加入 GROUP BY，或只返回被分组的内容（以及分组键所指那一行的列），或对该列取聚合。</translation>
    </message>
    <message>
        <source>groups of one row each, by a table&apos;s primary key</source>
        <translation>按表的主键分组，每组只有一行</translation>
    </message>
    <message>
        <source>The repaired statement reads one table and groups it by its primary key, so each group is one row: a count per group is 1, and any other aggregate is the row&apos;s own value.</source>
        <translation>修复后的语句只读取一张表，并按它的主键分组，因此每组只有一行：每组的计数都是 1，其他聚合也只是该行自身的值。</translation>
    </message>
    <message>
        <source>Group by the column the rows share (the key of the table they belong to, such as a foreign key), not by the key that tells each row apart; join the table whose rows are counted where the groups are another table&apos;s rows.</source>
        <translation>请按各行共有的列分组（它们所属那张表的键，例如外键），而不是按区分每一行的键；如果分组的是另一张表的行，请连接被计数行所在的表。</translation>
    </message>
    <message>
        <source>a value no row of the compared column holds</source>
        <translation>被比较的列中没有任何一行持有的值</translation>
    </message>
    <message>
        <source>The repaired statement sets a column equal to a value that none of the column&apos;s rows holds, in any letter case, with or without spaces around it: it answers about something the data does not have.</source>
        <translation>修复后的语句让一列等于一个该列任何一行都没有的值（不论大小写，也不论两端有无空格）：它回答的是数据中并不存在的东西。</translation>
    </message>
    <message>
        <source>Compare with the value as the column stores it (look the column&apos;s values up with SELECT DISTINCT), or with the column that holds what the question names, such as a name where the value is a name and a code where it is a code.</source>
        <translation>请与该列实际存储的值比较（可用 SELECT DISTINCT 查看该列的值），或改用存放问题所说内容的那一列：值是名称时用名称列，值是代码时用代码列。</translation>
    </message>
    <message>
        <source>the aggregate a HAVING keeps groups by, shown next to them</source>
        <translation>HAVING 用来筛选分组的聚合值，显示在分组旁</translation>
    </message>
    <message>
        <source>The repaired statement keeps the groups whose aggregate meets its HAVING condition and returns that aggregate next to them: the question asks which groups, and whether it also asks for the measure is open.</source>
        <translation>修复后的语句保留聚合值满足其 HAVING 条件的分组，并在分组旁返回该聚合值：问题问的是哪些分组，是否也要这个度量值并不确定。</translation>
    </message>
    <message>
        <source>Return only the columns the question asks for: the aggregate the HAVING condition keeps the groups by belongs in the result only when the question asks for it too (how many, how much).</source>
        <translation>只返回问题要求的列：HAVING 条件用来筛选分组的聚合值，只有在问题也问到它时（多少个、多少）才应出现在结果中。</translation>
    </message>
    <message>
        <source>the value an ORDER BY ... LIMIT 1 ranks by, shown next to the row it picks</source>
        <translation>ORDER BY ... LIMIT 1 据以排名的值，与所选的那一行一并显示</translation>
    </message>
    <message>
        <source>The repaired statement keeps the row with the most or the fewest of a value (ORDER BY ... LIMIT 1) and returns that value next to it: the question asks which row, and whether it also asks for the measure is open.</source>
        <translation>修复后的语句按某个值保留最多或最少的那一行（ORDER BY ... LIMIT 1），并在该行旁返回这个值：问题问的是哪一行，是否也要这个度量尚不确定。</translation>
    </message>
    <message>
        <source>Return only the columns the question asks for: the value the row is picked by belongs in the result only when the question asks for it too (how many, how much).</source>
        <translation>只返回问题所问的列：据以选出该行的值只有在问题也问到它时（多少个、多少量）才应出现在结果中。</translation>
    </message>
    <message>
        <source>an OR of two ranges of one column that hold every value</source>
        <translation>同一列的两个范围以 OR 相连，合起来包含所有值</translation>
    </message>
    <message>
        <source>A condition of the repaired statement joins two ranges of one column with OR, and together they hold every value (x &lt; 40000 OR x &gt; 3000): it keeps every row, where the question asks for the rows in one range.</source>
        <translation>修复后语句的某个条件用 OR 连接同一列的两个范围，合起来包含所有值（x &lt; 40000 OR x &gt; 3000）：它保留了每一行，而问题要的是落在某个范围内的行。</translation>
    </message>
    <message>
        <source>For the values between two bounds, join the comparisons with AND or write BETWEEN; for the values outside them, check which bound is which.</source>
        <translation>若要两个界限之间的值，请用 AND 连接这两个比较或写成 BETWEEN；若要界限之外的值，请检查哪个是上界、哪个是下界。</translation>
    </message>
    <message>
        <source>the maximum or minimum of a key column, or the first row by one</source>
        <translation>键列的最大值或最小值，或按键列排序后的第一行</translation>
    </message>
    <message>
        <source>The repaired statement takes the maximum or minimum of a key column, or keeps the first row ordered by one. Keys name rows and measure nothing: the highest or lowest key is rarely what a question asks for.</source>
        <translation>修复后的语句取了某个键列的最大值或最小值，或按某个键列排序后只保留第一行。键只用来标识行，并不度量任何东西：最大或最小的键很少是问题要问的。</translation>
    </message>
    <message>
        <source>two tables joined key to key where a foreign key links them</source>
        <translation>两张表按主键相连，而外键以另一列连接它们</translation>
    </message>
    <message>
        <source>The repaired statement joins two tables by setting their primary keys equal, where a foreign key of the schema links them on another column: it pairs rows whose ids happen to be equal.</source>
        <translation>修复后的语句让两张表的主键相等来连接它们，而模式中的外键是以另一列连接这两张表的：它配对的只是编号恰好相同的行。</translation>
    </message>
    <message>
        <source>Join the tables on the foreign key the schema declares between them: its column on one side, the key it references on the other.</source>
        <translation>按模式在两表之间声明的外键连接：一侧是外键列，另一侧是它引用的键。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::AnthropicProtocol</name>
    <message>
        <source>The model server sent a stream event that is not JSON: %1</source>
        <translation>模型服务器发送的流事件不是 JSON：%1</translation>
    </message>
    <message>
        <source>The model server&apos;s reply has no content.</source>
        <translation>模型服务器的回复没有内容。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::AnthropicProvider</name>
    <message>
        <source>%1 (Anthropic)</source>
        <translation>%1（Anthropic）</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::BreakBenchReport</name>
    <message>
        <source>cannot read the tables of %1: %2</source>
        <translation>无法读取 %1 的表：%2</translation>
    </message>
    <message>
        <source>the database %1 has no tables</source>
        <translation>数据库 %1 没有表</translation>
    </message>
    <message>
        <source>Deterministic correction benchmark on %1: %2 questions, %3 gold queries did not run on this engine and were not used.</source>
        <translation>在 %1 上的确定性纠正基准测试：%2 个问题，另有 %3 条标准答案查询无法在此引擎上运行，未被使用。</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>已破坏</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>被接受</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>autofix</source>
        <translation>自动修复</translation>
    </message>
    <message>
        <source>precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Class, advice and autofix rates are over the statements the engine rejected; &quot;accepted&quot; ones ran without an error. Took %1 ms.</source>
        <translation>类别、建议和自动修复的比率基于被引擎拒绝的语句计算；&quot;被接受&quot;的语句运行时没有出错。耗时 %1 毫秒。</translation>
    </message>
    <message>
        <source>the set has no database &quot;%1&quot;</source>
        <translation>数据集中没有数据库 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::BusinessNotes</name>
    <message>
        <source>the field &quot;%1&quot; must be a string</source>
        <translation>字段 &quot;%1&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; must be an array of strings</source>
        <translation>字段 &quot;%1&quot; 必须是字符串数组</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot;</source>
        <translation>未知字段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the field &quot;table&quot; is missing</source>
        <translation>缺少字段 &quot;table&quot;</translation>
    </message>
    <message>
        <source>a table or column name holds no dot; give the column in &quot;column&quot;</source>
        <translation>表名或列名中不能有点号；列请写在 &quot;column&quot; 中</translation>
    </message>
    <message>
        <source>the note on %1 says nothing (no description, synonyms, allowed values or formula)</source>
        <translation>%1 上的备注没有任何内容（没有说明、同义词、取值或公式）</translation>
    </message>
    <message>
        <source>the field &quot;term&quot; is missing</source>
        <translation>缺少字段 &quot;term&quot;</translation>
    </message>
    <message>
        <source>the term &quot;%1&quot; has no definition</source>
        <translation>术语 &quot;%1&quot; 没有定义</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::CaseRecord</name>
    <message>
        <source>the field &quot;%1&quot; is missing</source>
        <translation>缺少字段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; must be a string</source>
        <translation>字段 &quot;%1&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; must be a whole number</source>
        <translation>字段 &quot;%1&quot; 必须是整数</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; must be true or false</source>
        <translation>字段 &quot;%1&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; must be an array of strings</source>
        <translation>字段 &quot;%1&quot; 必须是字符串数组</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; is not an ISO 8601 time: %2</source>
        <translation>字段 &quot;%1&quot; 不是 ISO 8601 时间：%2</translation>
    </message>
    <message>
        <source>the field &quot;kind&quot; must be &quot;good&quot; or &quot;bad&quot;, not &quot;%1&quot;</source>
        <translation>字段 &quot;kind&quot; 必须是 &quot;good&quot; 或 &quot;bad&quot;，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the field &quot;origin&quot; must be &quot;auto&quot; or &quot;curated&quot;, not &quot;%1&quot;</source>
        <translation>字段 &quot;origin&quot; 必须是 &quot;auto&quot; 或 &quot;curated&quot;，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the field &quot;id&quot; must not be negative</source>
        <translation>字段 &quot;id&quot; 不能为负数</translation>
    </message>
    <message>
        <source>a case needs a question</source>
        <translation>案例需要一个问题</translation>
    </message>
    <message>
        <source>a good case needs its SQL</source>
        <translation>正例需要其 SQL</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an error class</source>
        <translation>&quot;%1&quot; 不是错误类别</translation>
    </message>
    <message>
        <source>the row count must not be negative</source>
        <translation>行数不能为负数</translation>
    </message>
    <message>
        <source>the number of attempts must not be negative</source>
        <translation>尝试次数不能为负数</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::CaseStore</name>
    <message>
        <source>the case store is not open</source>
        <translation>案例库未打开</translation>
    </message>
    <message>
        <source>the Qt SQL driver %1 is not installed</source>
        <translation>未安装 Qt SQL 驱动 %1</translation>
    </message>
    <message>
        <source>cannot create the folder %1 for the case store</source>
        <translation>无法为案例库创建文件夹 %1</translation>
    </message>
    <message>
        <source>the case store %1 is a folder, not a file</source>
        <translation>案例库 %1 是文件夹，不是文件</translation>
    </message>
    <message>
        <source>cannot open the case store %1: %2</source>
        <translation>无法打开案例库 %1：%2</translation>
    </message>
    <message>
        <source>the case store %1 cannot start a transaction: %2</source>
        <translation>案例库 %1 无法开始事务：%2</translation>
    </message>
    <message>
        <source>the case store %1 cannot commit: %2</source>
        <translation>案例库 %1 无法提交：%2</translation>
    </message>
    <message>
        <source>the case store %1 failed: %2</source>
        <translation>案例库 %1 出错：%2</translation>
    </message>
    <message>
        <source>the case store %1 returned no id</source>
        <translation>案例库 %1 没有返回 id</translation>
    </message>
    <message>
        <source>the case store %1 was written by a newer SQLMend (schema version %2; this version reads up to %3)</source>
        <translation>案例库 %1 由更新版本的 SQLMend 写入（模式版本 %2；此版本最多读取到 %3）</translation>
    </message>
    <message>
        <source>cannot upgrade the case store to version %1: %2</source>
        <translation>无法将案例库升级到版本 %1：%2</translation>
    </message>
    <message>
        <source>not saved as a good case: the run failed, and only an error-free result is a good case</source>
        <translation>未保存为正例：运行失败，只有无错误的结果才是正例</translation>
    </message>
    <message>
        <source>not saved as a good case: the result is empty, and an empty result is suspicious, not proof</source>
        <translation>未保存为正例：结果为空，空结果可疑，不能作为证明</translation>
    </message>
    <message>
        <source>not saved as a good case: %1</source>
        <translation>未保存为正例：%1</translation>
    </message>
    <message>
        <source>there is no case %1</source>
        <translation>没有案例 %1</translation>
    </message>
    <message>
        <source>a good case needs its SQL</source>
        <translation>正例需要其 SQL</translation>
    </message>
    <message>
        <source>only a stored case can be restored</source>
        <translation>只有已存储的案例才能恢复</translation>
    </message>
    <message>
        <source>the case %1 exists already</source>
        <translation>案例 %1 已存在</translation>
    </message>
    <message>
        <source>the export target is not writable</source>
        <translation>导出目标不可写</translation>
    </message>
    <message>
        <source>cannot write the export: %1</source>
        <translation>无法写入导出：%1</translation>
    </message>
    <message>
        <source>the import source is not readable</source>
        <translation>导入来源不可读</translation>
    </message>
    <message>
        <source>not JSON: %1 at offset %2</source>
        <translation>不是 JSON：%1，位于偏移 %2</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>a question trace needs its question</source>
        <translation>问题记录需要其问题</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an error class</source>
        <translation>&quot;%1&quot; 不是错误类别</translation>
    </message>
    <message>
        <source>there is no question %1 in the history</source>
        <translation>历史中没有问题 %1</translation>
    </message>
    <message>
        <source>a cached fix needs the failed SQL and the fixed SQL</source>
        <translation>缓存的修复需要失败的 SQL 和修复后的 SQL</translation>
    </message>
    <message>
        <source>cannot use %1 as the case store: %2</source>
        <translation>无法将 %1 用作案例库：%2</translation>
    </message>
    <message>
        <source>%1 already holds other tables (%2) and is not a case store; SQLMend writes its cases only into a new or empty file, or into an existing case store</source>
        <translation>%1 中已有其他表（%2），不是案例库；SQLMend 只把案例写入新的或空的文件，或已有的案例库</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::CaseStoreService</name>
    <message>
        <source>The case store is not open.</source>
        <translation>案例存储未打开。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::CatalogLoader</name>
    <message>
        <source>The database connection is not open.</source>
        <translation>数据库连接未打开。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ChartSuggestion</name>
    <message>
        <source>There is nothing to chart: the result has no columns.</source>
        <translation>没有可绘制的内容：结果没有列。</translation>
    </message>
    <message>
        <source>There is nothing to chart: the result has no rows.</source>
        <translation>没有可绘制的内容：结果没有行。</translation>
    </message>
    <message>
        <source>No chart fits: a chart needs a numeric column and this result has none.</source>
        <translation>没有合适的图表：图表需要一个数值列，而此结果没有。</translation>
    </message>
    <message>
        <source>No chart is shown.</source>
        <translation>未显示图表。</translation>
    </message>
    <message>
        <source>Choose a column for the categories or the x axis.</source>
        <translation>请选择用于类别或 x 轴的列。</translation>
    </message>
    <message>
        <source>Choose at least one numeric column to draw.</source>
        <translation>请至少选择一个要绘制的数值列。</translation>
    </message>
    <message>
        <source>%1 cannot be both the axis and a value.</source>
        <translation>%1 不能同时作为坐标轴和数值。</translation>
    </message>
    <message>
        <source>%1 is not numeric, so it cannot be drawn as a value.</source>
        <translation>%1 不是数值，不能作为数值绘制。</translation>
    </message>
    <message>
        <source>%1 holds no values that can label a chart.</source>
        <translation>%1 中没有可用作图表标签的值。</translation>
    </message>
    <message>
        <source>Bar chart: %1 for each %2.</source>
        <translation>柱状图：每个 %2 的 %1。</translation>
    </message>
    <message>
        <source>Line chart: %1 along %2, in order.</source>
        <translation>折线图：%1 沿 %2 依次排列。</translation>
    </message>
    <message>
        <source>A scatter chart needs a number on its x axis; %1 is not numeric.</source>
        <translation>散点图的 x 轴需要数字；%1 不是数值。</translation>
    </message>
    <message>
        <source>Scatter chart: %1 against %2.</source>
        <translation>散点图：%1 对 %2。</translation>
    </message>
    <message>
        <source>A pie chart shows exactly one numeric column.</source>
        <translation>饼图只显示一个数值列。</translation>
    </message>
    <message>
        <source>A pie chart cannot show the negative values of %1.</source>
        <translation>饼图无法显示 %1 的负值。</translation>
    </message>
    <message>
        <source>A pie chart needs a value above zero in %1.</source>
        <translation>饼图需要 %1 中有大于零的值。</translation>
    </message>
    <message>
        <source>Pie chart: the share of each %1 in %2.</source>
        <translation>饼图：每个 %1 在 %2 中所占的份额。</translation>
    </message>
    <message>
        <source>No chart</source>
        <translation>无图表</translation>
    </message>
    <message>
        <source>Bar</source>
        <translation>柱状图</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>折线图</translation>
    </message>
    <message>
        <source>Pie</source>
        <translation>饼图</translation>
    </message>
    <message>
        <source>Scatter</source>
        <translation>散点图</translation>
    </message>
    <message>
        <source>sum of %1</source>
        <translation>%1 之和</translation>
    </message>
    <message>
        <source>number of rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>count of %1</source>
        <translation>%1 的计数</translation>
    </message>
    <message>
        <source>average %1</source>
        <translation>%1 平均值</translation>
    </message>
    <message>
        <source>lowest %1</source>
        <translation>%1 最低值</translation>
    </message>
    <message>
        <source>highest %1</source>
        <translation>%1 最高值</translation>
    </message>
    <message>
        <source>Bar chart: the ranking of %1 by %2, in the query&apos;s order.</source>
        <translation>条形图：按 %2 排列的 %1 排名，顺序同查询。</translation>
    </message>
    <message>
        <source>No chart fits: %1 needs a category, a time or a second number to be drawn against, or at least %2 rows for a histogram.</source>
        <translation>没有合适的图表：%1 需要一个类别、一个时间或第二个数值作对照，或至少 %2 行才能画直方图。</translation>
    </message>
    <message>
        <source>A histogram needs a numeric column; %1 is not numeric.</source>
        <translation>直方图需要数值列；%1 不是数值。</translation>
    </message>
    <message>
        <source>A histogram counts the rows in each range of %1; it takes no aggregation.</source>
        <translation>直方图统计 %1 每个区间内的行数，不做聚合。</translation>
    </message>
    <message>
        <source>Histogram: how many rows fall in each range of %1.</source>
        <translation>直方图：落在 %1 各区间内的行数。</translation>
    </message>
    <message>
        <source>Choose at least one numeric column to draw, or count the rows.</source>
        <translation>请至少选择一个要绘制的数值列，或统计行数。</translation>
    </message>
    <message>
        <source>%1 needs two or more series; choose %2 to draw one.</source>
        <translation>%1 需要两个或更多系列；要画一个系列请选择 %2。</translation>
    </message>
    <message numerus="yes">
        <source>%1 draws one series and %n are chosen; choose %2 to draw them all.</source>
        <translation>
            <numerusform>%1 只画一个系列，而已选择 %n 个；要全部画出请选择 %2。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 needs a time or a number on its x axis; %2 is neither.</source>
        <translation>%1 的 x 轴需要时间或数值；%2 两者都不是。</translation>
    </message>
    <message>
        <source>Grouped bar chart: %1 side by side for each %2.</source>
        <translation>分组条形图：每个 %2 的 %1 并排显示。</translation>
    </message>
    <message>
        <source>Stacked bar chart: %1 one on the other for each %2.</source>
        <translation>堆叠条形图：每个 %2 的 %1 叠放显示。</translation>
    </message>
    <message>
        <source>Multi-line chart: %1 along %2, in order.</source>
        <translation>多折线图：%1 沿 %2 依次显示。</translation>
    </message>
    <message>
        <source>Area chart: %1 along %2, in order, filled.</source>
        <translation>面积图：%1 沿 %2 依次显示并填充。</translation>
    </message>
    <message numerus="yes">
        <source>A pie of %n slices cannot be read; choose a bar chart.</source>
        <translation>
            <numerusform>%n 块的饼图无法阅读；请选择条形图。</numerusform>
        </translation>
    </message>
    <message>
        <source>Pie chart: the share of each %1 in the rows.</source>
        <translation>饼图：每个 %1 在各行中所占的份额。</translation>
    </message>
    <message>
        <source>Distribution of %1</source>
        <translation>%1 的分布</translation>
    </message>
    <message>
        <source>%1 against %2</source>
        <translation>%1 与 %2 对照</translation>
    </message>
    <message>
        <source>Share of %1 by %2</source>
        <translation>按 %2 划分的 %1 占比</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>按 %2 划分的 %1</translation>
    </message>
    <message>
        <source>Grouped bar</source>
        <translation>分组条形图</translation>
    </message>
    <message>
        <source>Stacked bar</source>
        <translation>堆叠条形图</translation>
    </message>
    <message>
        <source>Multi-line</source>
        <translation>多折线图</translation>
    </message>
    <message>
        <source>Area</source>
        <translation>面积图</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Sum</source>
        <translation>求和</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>Average</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Minimum</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Maximum</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ChartTable</name>
    <message>
        <source>Rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ChatProtocol</name>
    <message>
        <source>The model server sent an empty reply.</source>
        <translation>模型服务器发送了空回复。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ClickHouseConnection</name>
    <message>
        <source>No ClickHouse host was given.</source>
        <translation>没有给出 ClickHouse 主机。</translation>
    </message>
    <message>
        <source>TLS is not available in this build of Qt.</source>
        <translation>此 Qt 构建不支持 TLS。</translation>
    </message>
    <message>
        <source>No certificate could be read from %1.</source>
        <translation>无法从 %1 读取证书。</translation>
    </message>
    <message>
        <source>Could not connect to the ClickHouse server at %1: %2</source>
        <translation>无法连接到 %1 上的 ClickHouse 服务器：%2</translation>
    </message>
    <message>
        <source>The TLS handshake with %1 failed: %2</source>
        <translation>与 %1 的 TLS 握手失败：%2</translation>
    </message>
    <message>
        <source>Could not send the query to %1: %2</source>
        <translation>无法把查询发送到 %1：%2</translation>
    </message>
    <message>
        <source>The query was cancelled.</source>
        <translation>查询已取消。</translation>
    </message>
    <message>
        <source>The connection to %1 failed: %2</source>
        <translation>与 %1 的连接失败：%2</translation>
    </message>
    <message>
        <source>The server at %1 sent nothing for %2 ms.</source>
        <translation>%1 上的服务器 %2 毫秒内没有发送任何内容。</translation>
    </message>
    <message>
        <source>The server at %1 sent no HTTP head.</source>
        <translation>%1 上的服务器没有发送 HTTP 头。</translation>
    </message>
    <message>
        <source>The server at %1 closed the connection without an answer.</source>
        <translation>%1 上的服务器未作应答就关闭了连接。</translation>
    </message>
    <message>
        <source>The server at %1 does not speak HTTP: %2</source>
        <translation>%1 上的服务器不使用 HTTP：%2</translation>
    </message>
    <message>
        <source>The server sent a bad Content-Length.</source>
        <translation>服务器发送了错误的 Content-Length。</translation>
    </message>
    <message>
        <source>The server sent a bad chunk header.</source>
        <translation>服务器发送了错误的分块头。</translation>
    </message>
    <message>
        <source>The server sent a bad chunk.</source>
        <translation>服务器发送了错误的分块。</translation>
    </message>
    <message numerus="yes">
        <source>The connection to %1 was closed after %n byte(s) of the response.</source>
        <translation>
            <numerusform>与 %1 的连接在收到 %n 字节的响应后被关闭。</numerusform>
        </translation>
    </message>
    <message>
        <source>A line of the response is longer than %1 MiB.</source>
        <translation>响应中有一行超过 %1 MiB。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ClickHouseDriver</name>
    <message>
        <source>&apos;%1&apos; in the connect options is not name=value.</source>
        <translation>连接选项中的“%1”不是 name=value 形式。</translation>
    </message>
    <message>
        <source>%1 takes a number of seconds, not &apos;%2&apos;.</source>
        <translation>%1 接受秒数，而不是“%2”。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a ClickHouse setting name.</source>
        <translation>“%1”不是 ClickHouse 设置名。</translation>
    </message>
    <message>
        <source>The ClickHouse connection names no host.</source>
        <translation>该 ClickHouse 连接没有指定主机。</translation>
    </message>
    <message>
        <source>Could not read the server&apos;s version.</source>
        <translation>无法读取服务器版本。</translation>
    </message>
    <message>
        <source>The server refused the connection&apos;s settings.</source>
        <translation>服务器拒绝了连接的设置。</translation>
    </message>
    <message>
        <source>The server answered HTTP %1: %2</source>
        <translation>服务器返回 HTTP %1：%2</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ClickHouseResult</name>
    <message>
        <source>The connection to the ClickHouse server is gone.</source>
        <translation>与 ClickHouse 服务器的连接已断开。</translation>
    </message>
    <message>
        <source>The ClickHouse driver is gone.</source>
        <translation>ClickHouse 驱动已不存在。</translation>
    </message>
    <message>
        <source>The server did not answer in TabSeparatedWithNamesAndTypes (%1); a FORMAT clause in the statement is not supported.</source>
        <translation>服务器没有以 TabSeparatedWithNamesAndTypes 格式应答（%1）；不支持语句中的 FORMAT 子句。</translation>
    </message>
    <message>
        <source>The server sent %1 column names but %2 types.</source>
        <translation>服务器发送了 %1 个列名，却有 %2 个类型。</translation>
    </message>
    <message>
        <source>The response ended inside a row.</source>
        <translation>响应在一行的中间结束。</translation>
    </message>
    <message>
        <source>Row %1 has %2 fields; the result has %3 columns.</source>
        <translation>第 %1 行有 %2 个字段；结果有 %3 列。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ConnectionDoctor</name>
    <message>
        <source>Account</source>
        <translation>账户</translation>
    </message>
    <message>
        <source>The account&apos;s attributes could not be read: %1</source>
        <translation>无法读取账户属性：%1</translation>
    </message>
    <message>
        <source>Superuser</source>
        <translation>超级用户</translation>
    </message>
    <message>
        <source>%1 is a superuser: it may write anything, read and write server files and run programs on the server.</source>
        <translation>%1 是超级用户：它可以写入任何内容、读写服务器文件并在服务器上运行程序。</translation>
    </message>
    <message>
        <source>Connect with a role that may only read: CREATE ROLE analyst LOGIN; GRANT USAGE ON SCHEMA public TO analyst; GRANT SELECT ON ALL TABLES IN SCHEMA public TO analyst;</source>
        <translation>请用只能读取的角色连接：CREATE ROLE analyst LOGIN; GRANT USAGE ON SCHEMA public TO analyst; GRANT SELECT ON ALL TABLES IN SCHEMA public TO analyst;</translation>
    </message>
    <message>
        <source>%1 is not a superuser.</source>
        <translation>%1 不是超级用户。</translation>
    </message>
    <message>
        <source>Replication</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>%1 has REPLICATION: it may create replication slots that hold WAL on the server.</source>
        <translation>%1 拥有 REPLICATION：它可以创建在服务器上保留 WAL 的复制槽。</translation>
    </message>
    <message>
        <source>ALTER ROLE %1 NOREPLICATION;</source>
        <translation>ALTER ROLE %1 NOREPLICATION;</translation>
    </message>
    <message>
        <source>Server files</source>
        <translation>服务器文件</translation>
    </message>
    <message>
        <source>%1 is a member of pg_read_server_files, pg_write_server_files or pg_execute_server_program: it may reach the server&apos;s files or run programs there.</source>
        <translation>%1 是 pg_read_server_files、pg_write_server_files 或 pg_execute_server_program 的成员：它可以访问服务器文件或在服务器上运行程序。</translation>
    </message>
    <message>
        <source>REVOKE pg_read_server_files, pg_write_server_files, pg_execute_server_program FROM %1;</source>
        <translation>REVOKE pg_read_server_files, pg_write_server_files, pg_execute_server_program FROM %1;</translation>
    </message>
    <message>
        <source>Roles and databases</source>
        <translation>角色与数据库</translation>
    </message>
    <message>
        <source>%1 may create roles or databases.</source>
        <translation>%1 可以创建角色或数据库。</translation>
    </message>
    <message>
        <source>ALTER ROLE %1 NOCREATEROLE NOCREATEDB;</source>
        <translation>ALTER ROLE %1 NOCREATEROLE NOCREATEDB;</translation>
    </message>
    <message>
        <source>Write privileges</source>
        <translation>写权限</translation>
    </message>
    <message>
        <source>The privileges could not be read: %1</source>
        <translation>无法读取权限：%1</translation>
    </message>
    <message numerus="yes">
        <source>owns %n table(s)</source>
        <translation>
            <numerusform>拥有 %n 张表</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>may write to %n table(s)</source>
        <translation>
            <numerusform>可以写入 %n 张表</numerusform>
        </translation>
    </message>
    <message>
        <source>may create schemas in this database</source>
        <translation>可以在此数据库中创建模式</translation>
    </message>
    <message numerus="yes">
        <source>may create objects in %n schema(s)</source>
        <translation>
            <numerusform>可以在 %n 个模式中创建对象</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2. SQLMend&apos;s read-only session and guard stop writes, but the account itself could write.</source>
        <translation>%1：%2。SQLMend 的只读会话和防护会阻止写入，但账户本身可以写入。</translation>
    </message>
    <message>
        <source>Use a role that owns nothing and holds only SELECT: a read-only role is the strongest wall.</source>
        <translation>请使用不拥有任何对象、只有 SELECT 权限的角色：只读角色是最坚固的一道墙。</translation>
    </message>
    <message>
        <source>%1 owns no table, may write to none and may create nothing.</source>
        <translation>%1 不拥有任何表，不能写入任何表，也不能创建任何对象。</translation>
    </message>
    <message>
        <source>Read privileges</source>
        <translation>读权限</translation>
    </message>
    <message numerus="yes">
        <source>%1 may read none of the %n table(s) here.</source>
        <translation>
            <numerusform>%1 不能读取这里 %n 张表中的任何一张。</numerusform>
        </translation>
    </message>
    <message>
        <source>GRANT SELECT ON ALL TABLES IN SCHEMA public TO %1;</source>
        <translation>GRANT SELECT ON ALL TABLES IN SCHEMA public TO %1;</translation>
    </message>
    <message>
        <source>Read-only session</source>
        <translation>只读会话</translation>
    </message>
    <message>
        <source>A read-only transaction could not be started: %1</source>
        <translation>无法开始只读事务：%1</translation>
    </message>
    <message>
        <source>A write ran inside a read-only transaction (it was rolled back): the server does not enforce read-only sessions for this connection.</source>
        <translation>只读事务中执行了一次写入（已回滚）：服务器没有对此连接强制只读会话。</translation>
    </message>
    <message>
        <source>A read-only transaction could be switched to read write after its first query.</source>
        <translation>只读事务在第一次查询后可以被切换为读写。</translation>
    </message>
    <message>
        <source>Check what sits between SQLMend and the server (a pooler or proxy) and use a read-only role.</source>
        <translation>请检查 SQLMend 与服务器之间的组件（连接池或代理），并使用只读角色。</translation>
    </message>
    <message>
        <source>The read-only session refused a write (%1 %2) and could not be switched to read write.</source>
        <translation>只读会话拒绝了写入（%1 %2），且无法切换为读写。</translation>
    </message>
    <message>
        <source>String syntax</source>
        <translation>字符串语法</translation>
    </message>
    <message>
        <source>This account&apos;s sessions start with standard_conforming_strings = off, where a backslash escapes a quote. SQLMend turns it on for its own session (its guard reads strings that way) and refuses a server that will not; now: %1.</source>
        <translation>此账户的会话以 standard_conforming_strings = off 开始，此时反斜杠会转义引号。SQLMend 为自己的会话打开它（防护按此方式读取字符串），并拒绝不接受的服务器；当前：%1。</translation>
    </message>
    <message>
        <source>ALTER ROLE %1 SET standard_conforming_strings = on;</source>
        <translation>ALTER ROLE %1 SET standard_conforming_strings = on;</translation>
    </message>
    <message>
        <source>standard_conforming_strings is on, as SQLMend&apos;s guard reads strings.</source>
        <translation>standard_conforming_strings 已打开，与 SQLMend 防护读取字符串的方式一致。</translation>
    </message>
    <message>
        <source>Statement timeout</source>
        <translation>语句超时</translation>
    </message>
    <message>
        <source>The account has no statement timeout of its own. SQLMend sets one for every statement it runs (--timeout-ms), other clients of this account get none.</source>
        <translation>该账户本身没有语句超时。SQLMend 为它运行的每条语句设置超时（--timeout-ms），此账户的其他客户端则没有。</translation>
    </message>
    <message>
        <source>ALTER ROLE %1 SET statement_timeout = &apos;30s&apos;;</source>
        <translation>ALTER ROLE %1 SET statement_timeout = &apos;30s&apos;;</translation>
    </message>
    <message>
        <source>The account&apos;s statement timeout is %1 ms; SQLMend sets its own for each statement as well.</source>
        <translation>该账户的语句超时为 %1 毫秒；SQLMend 也为每条语句设置自己的超时。</translation>
    </message>
    <message>
        <source>Read-only default</source>
        <translation>默认只读</translation>
    </message>
    <message>
        <source>The account&apos;s sessions are read write unless a client asks otherwise (SQLMend does).</source>
        <translation>除非客户端另有要求（SQLMend 会要求），该账户的会话是读写的。</translation>
    </message>
    <message>
        <source>ALTER ROLE %1 SET default_transaction_read_only = on;</source>
        <translation>ALTER ROLE %1 SET default_transaction_read_only = on;</translation>
    </message>
    <message>
        <source>Server privileges</source>
        <translation>服务器权限</translation>
    </message>
    <message>
        <source>%1 holds %2 on the whole server: it may read or write server files, stop sessions or change the server.</source>
        <translation>%1 在整个服务器上拥有 %2：它可以读写服务器文件、终止会话或更改服务器。</translation>
    </message>
    <message>
        <source>Connect with an account that holds only SELECT: CREATE USER &apos;analyst&apos;@&apos;%&apos; IDENTIFIED BY &apos;...&apos;; GRANT SELECT ON db.* TO &apos;analyst&apos;@&apos;%&apos;;</source>
        <translation>请用只有 SELECT 权限的账户连接：CREATE USER &apos;analyst&apos;@&apos;%&apos; IDENTIFIED BY &apos;...&apos;; GRANT SELECT ON db.* TO &apos;analyst&apos;@&apos;%&apos;;</translation>
    </message>
    <message>
        <source>%1 holds no server-wide privilege that reaches files or other sessions.</source>
        <translation>%1 没有能访问文件或其他会话的服务器级权限。</translation>
    </message>
    <message>
        <source>%1 holds %2 here. SQLMend&apos;s read-only session and guard stop writes, but the account itself could write.</source>
        <translation>%1 在这里拥有 %2。SQLMend 的只读会话和防护会阻止写入，但账户本身可以写入。</translation>
    </message>
    <message>
        <source>Use an account that holds only SELECT: a read-only account is the strongest wall.</source>
        <translation>请使用只有 SELECT 权限的账户：只读账户是最坚固的一道墙。</translation>
    </message>
    <message>
        <source>%1 may not write here.</source>
        <translation>%1 不能在这里写入。</translation>
    </message>
    <message>
        <source>No table is visible here to try a write on.</source>
        <translation>这里没有可见的表来尝试写入。</translation>
    </message>
    <message>
        <source>An UPDATE ran inside a read-only transaction (it matched no row and was rolled back): the server does not enforce read-only transactions for this connection.</source>
        <translation>只读事务中执行了一条 UPDATE（没有匹配任何行并已回滚）：服务器没有对此连接强制只读事务。</translation>
    </message>
    <message>
        <source>Check what sits between SQLMend and the server (a proxy) and use a read-only account.</source>
        <translation>请检查 SQLMend 与服务器之间的组件（代理），并使用只读账户。</translation>
    </message>
    <message>
        <source>The read-only session refused a write (%1: %2).</source>
        <translation>只读会话拒绝了写入（%1：%2）。</translation>
    </message>
    <message>
        <source>The server&apos;s sql_mode (%1) changes how quotes and backslashes are read. SQLMend sets its own session&apos;s sql_mode without those modes (its guard reads strings that way) and refuses a server that will not.</source>
        <translation>服务器的 sql_mode（%1）改变了引号和反斜杠的读取方式。SQLMend 为自己的会话设置不含这些模式的 sql_mode（防护按此方式读取字符串），并拒绝不接受的服务器。</translation>
    </message>
    <message>
        <source>The server&apos;s sql_mode reads quotes and backslashes as SQLMend&apos;s guard does.</source>
        <translation>服务器的 sql_mode 读取引号和反斜杠的方式与 SQLMend 的防护一致。</translation>
    </message>
    <message>
        <source>secure_file_priv is empty: an account with FILE may read and write files anywhere the server may.</source>
        <translation>secure_file_priv 为空：拥有 FILE 权限的账户可以在服务器能访问的任何位置读写文件。</translation>
    </message>
    <message>
        <source>Set secure_file_priv to an empty, dedicated folder in the server&apos;s configuration.</source>
        <translation>请在服务器配置中把 secure_file_priv 设为一个空的专用文件夹。</translation>
    </message>
    <message>
        <source>The server has no statement timeout by default. SQLMend sets one for every statement it runs (--timeout-ms), other clients get none.</source>
        <translation>服务器默认没有语句超时。SQLMend 为它运行的每条语句设置超时（--timeout-ms），其他客户端则没有。</translation>
    </message>
    <message>
        <source>The server&apos;s default statement timeout is %1.</source>
        <translation>服务器的默认语句超时为 %1。</translation>
    </message>
    <message>
        <source>The connection is not read-only: a temporary table could be created.</source>
        <translation>连接不是只读的：可以创建临时表。</translation>
    </message>
    <message>
        <source>The file is opened read-only with query_only on; a write was refused (%1).</source>
        <translation>文件以只读方式打开并启用了 query_only；一次写入被拒绝（%1）。</translation>
    </message>
    <message>
        <source>File permissions</source>
        <translation>文件权限</translation>
    </message>
    <message>
        <source>You may write to %1 yourself; SQLMend opens it read-only.</source>
        <translation>你自己可以写入 %1；SQLMend 以只读方式打开它。</translation>
    </message>
    <message>
        <source>For a shared file, take away write permission (chmod a-w).</source>
        <translation>对于共享文件，请去掉写权限（chmod a-w）。</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>The ODBC driver does not say which database it reaches, so the account&apos;s privileges cannot be read.</source>
        <translation>ODBC 驱动没有说明它连接的是哪种数据库，因此无法读取账户的权限。</translation>
    </message>
    <message>
        <source>Use an account that may only read.</source>
        <translation>请使用只能读取的账户。</translation>
    </message>
    <message>
        <source>This connection</source>
        <translation>此连接</translation>
    </message>
    <message>
        <source>Unsafe: %1 can write, change the server or reach its files. SQLMend&apos;s guard, read-only session and bounds still stand, but they are the only walls left. Connect with a read-only role: it is the strongest wall.</source>
        <translation>不安全：%1 可以写入、更改服务器或访问其文件。SQLMend 的防护、只读会话和限制依然有效，但它们是仅剩的几道墙。请用只读角色连接：它是最坚固的一道墙。</translation>
    </message>
    <message>
        <source>Caution: SQLMend&apos;s read-only session refuses writes, but %1 could write if another client used it. A read-only role is the strongest wall.</source>
        <translation>注意：SQLMend 的只读会话会拒绝写入，但如果其他客户端使用 %1，它可以写入。只读角色是最坚固的一道墙。</translation>
    </message>
    <message>
        <source>Safe: %1 cannot write, and the read-only session refuses writes.</source>
        <translation>安全：%1 不能写入，且只读会话拒绝写入。</translation>
    </message>
    <message>
        <source>Unknown: the connection failed, so nothing could be checked: %1</source>
        <translation>未知：连接失败，因此什么也无法检查：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ConnectionProfile</name>
    <message>
        <source>The database URL is empty.</source>
        <translation>数据库 URL 为空。</translation>
    </message>
    <message>
        <source>The database URL is %1 characters long; at most %2 are accepted.</source>
        <translation>数据库 URL 长 %1 个字符；最多接受 %2 个。</translation>
    </message>
    <message>
        <source>The database URL contains control characters.</source>
        <translation>数据库 URL 包含控制字符。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a database URL; expected for example sqlite:///path/to/file.db or postgresql://user@host:5432/db.</source>
        <translation>&apos;%1&apos; 不是数据库 URL；应类似 sqlite:///path/to/file.db 或 postgresql://user@host:5432/db。</translation>
    </message>
    <message>
        <source>A SQLite URL names a file, not a host: write sqlite:///absolute/path.db or sqlite:relative/path.db.</source>
        <translation>SQLite URL 指定的是文件而不是主机：请写作 sqlite:///absolute/path.db 或 sqlite:relative/path.db。</translation>
    </message>
    <message>
        <source>The SQLite URL names no file.</source>
        <translation>该 SQLite URL 没有指定文件。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a data source name; write odbc://DSN or odbc:DRIVER={...};SERVER=...</source>
        <translation>&apos;%1&apos; 不是数据源名称；请写作 odbc://DSN 或 odbc:DRIVER={...};SERVER=...</translation>
    </message>
    <message>
        <source>&apos;%1&apos; in the ODBC connection string is not KEY=value.</source>
        <translation>ODBC 连接字符串中的 &apos;%1&apos; 不是 KEY=value 形式。</translation>
    </message>
    <message>
        <source>The ODBC connection string names neither DRIVER nor DSN.</source>
        <translation>ODBC 连接字符串既没有指定 DRIVER 也没有指定 DSN。</translation>
    </message>
    <message>
        <source>Write the URL as %1://user@host:port/database.</source>
        <translation>请将 URL 写作 %1://user@host:port/database。</translation>
    </message>
    <message>
        <source>The database URL is not valid: %1</source>
        <translation>数据库 URL 无效：%1</translation>
    </message>
    <message>
        <source>A database URL has no #fragment.</source>
        <translation>数据库 URL 不能带 #片段。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a database name.</source>
        <translation>&apos;%1&apos; 不是数据库名称。</translation>
    </message>
    <message>
        <source>The URL option &apos;%1&apos; cannot be passed to the driver.</source>
        <translation>URL 选项 &apos;%1&apos; 不能传给驱动。</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message>
        <source>A ClickHouse URL names a host: clickhouse://user@host:8123/database.</source>
        <translation>ClickHouse URL 需要指定主机：clickhouse://user@host:8123/database。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a ClickHouse setting name.</source>
        <translation>“%1”不是 ClickHouse 设置名。</translation>
    </message>
    <message>
        <source>SQLMend opens ClickHouse read-only: readonly is 1 or 2, not &apos;%1&apos;.</source>
        <translation>SQLMend 以只读方式打开 ClickHouse：readonly 为 1 或 2，而不是“%1”。</translation>
    </message>
    <message>
        <source>Unknown database URL scheme &apos;%1&apos;; use one of: %2.</source>
        <translation>未知的数据库 URL 协议“%1”；请使用以下之一：%2。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a parameter of ClickHouse&apos;s HTTP interface, not a setting; SQLMend sets the user, the database and each request&apos;s own parameters itself, and opens no session.</source>
        <translation>“%1”是 ClickHouse HTTP 接口自身的参数，不是设置项；用户、数据库和每个请求自己的参数由 SQLMend 设定，且不开启会话。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ContextSettingsStore</name>
    <message>
        <source>a table name is required</source>
        <translation>需要一个表名</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ConversationStore</name>
    <message>
        <source>a conversation needs a name</source>
        <translation>对话需要一个名称</translation>
    </message>
    <message>
        <source>a conversation&apos;s name does not start or end with spaces</source>
        <translation>对话名称的开头和结尾不能有空格</translation>
    </message>
    <message numerus="yes">
        <source>a conversation&apos;s name has at most %n character(s)</source>
        <translation>
            <numerusform>对话名称最多 %n 个字符</numerusform>
        </translation>
    </message>
    <message>
        <source>a conversation&apos;s name holds no control characters</source>
        <translation>对话名称不能包含控制字符</translation>
    </message>
    <message>
        <source>there is no conversation %1</source>
        <translation>没有对话 %1</translation>
    </message>
    <message>
        <source>a conversation&apos;s turn needs its question</source>
        <translation>对话的每一轮都需要它的问题</translation>
    </message>
    <message>
        <source>the conversation &quot;%1&quot; is about %2, not %3</source>
        <translation>对话 &quot;%1&quot; 针对的是 %2，而不是 %3</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::CorrectionLoop</name>
    <message>
        <source>The database connection went away.</source>
        <translation>数据库连接已断开。</translation>
    </message>
    <message>
        <source>The question took longer than %1 ms and was stopped.</source>
        <translation>该问题耗时超过 %1 毫秒，已停止。</translation>
    </message>
    <message>
        <source>The model could not answer: %1</source>
        <translation>模型无法回答：%1</translation>
    </message>
    <message>
        <source>The reply held no SQL statement: %1</source>
        <translation>回复中没有 SQL 语句：%1</translation>
    </message>
    <message>
        <source>Answer with exactly one SQL statement in a ```sql fence.</source>
        <translation>请在 ```sql 代码块中只回答一条 SQL 语句。</translation>
    </message>
    <message>
        <source>This statement was already tried for this question; it was not run again.</source>
        <translation>这条语句已经为此问题尝试过；没有再次运行。</translation>
    </message>
    <message>
        <source>Write a different statement that follows the earlier advice.</source>
        <translation>请写一条遵循先前建议的不同语句。</translation>
    </message>
    <message>
        <source>The statement returned no rows.</source>
        <translation>该语句没有返回任何行。</translation>
    </message>
    <message>
        <source>The statement ran but returned no rows. Check the filters and literal values: the spelling and letter case of strings, date formats and ranges, and join conditions. Loosen a filter that may match nothing; do not guess values.</source>
        <translation>该语句已运行，但没有返回任何行。请检查过滤条件和字面值：字符串的拼写和大小写、日期格式和范围，以及连接条件。放宽可能什么都匹配不到的过滤条件；不要猜测值。</translation>
    </message>
    <message>
        <source>The question was cancelled.</source>
        <translation>该问题已取消。</translation>
    </message>
    <message>
        <source>The statement ended: %1</source>
        <translation>语句已结束：%1</translation>
    </message>
    <message>
        <source>Narrow the query: filter to a smaller range, aggregate earlier, or add a row limit.</source>
        <translation>请缩小查询：过滤到更小的范围、更早聚合，或加上行数限制。</translation>
    </message>
    <message>
        <source>The case store did not answer.</source>
        <translation>案例存储没有响应。</translation>
    </message>
    <message>
        <source>The model gave the same statement again; its empty result is the answer.</source>
        <translation>模型再次给出了同一条语句；其空结果即为答案。</translation>
    </message>
    <message>
        <source>The connection was closed.</source>
        <translation>连接已关闭。</translation>
    </message>
    <message>
        <source>The reply was cut off by the model&apos;s token limit (finish reason &quot;%1&quot;) while the model was still reasoning; it holds no SQL, and nothing was run.</source>
        <translation>模型仍在推理时，回复就因模型的词元上限被截断（结束原因“%1”）；回复中没有 SQL，因此没有运行任何内容。</translation>
    </message>
    <message>
        <source>The reply was cut off by the model&apos;s token limit (finish reason &quot;%1&quot;); the statement it holds may be incomplete, so it was not run.</source>
        <translation>回复因模型的词元上限被截断（结束原因“%1”）；其中的语句可能不完整，因此没有运行。</translation>
    </message>
    <message>
        <source>Your reply was cut off by the token limit. Answer shortly: only the SQL statement in a ```sql fence, without explanation or reasoning.</source>
        <translation>你的回复因词元上限被截断。请简短回答：只在 ```sql 代码块中给出 SQL 语句，不要解释或推理。</translation>
    </message>
    <message>
        <source>The statement reads the table %1, which is excluded from this datasource&apos;s prompts; it was not run.</source>
        <translation>该语句读取了表 %1，而此数据源的提示词排除了这个表；语句未执行。</translation>
    </message>
    <message>
        <source>Do not use the table %1: it is excluded. Answer from the tables of the schema given.</source>
        <translation>不要使用表 %1：它已被排除。请只用给出的模式中的表来回答。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::DatabaseFile</name>
    <message>
        <source>%1 is a folder, not a database file.</source>
        <translation>%1 是文件夹，不是数据库文件。</translation>
    </message>
    <message>
        <source>%1 is a named pipe (FIFO), not a database file; opening it would wait forever.</source>
        <translation>%1 是命名管道（FIFO），不是数据库文件；打开它会永远等待。</translation>
    </message>
    <message>
        <source>%1 is a socket, not a database file.</source>
        <translation>%1 是套接字，不是数据库文件。</translation>
    </message>
    <message>
        <source>%1 is a device, not a database file.</source>
        <translation>%1 是设备，不是数据库文件。</translation>
    </message>
    <message>
        <source>%1 is not a regular file, so it cannot be a database file.</source>
        <translation>%1 不是普通文件，因此不可能是数据库文件。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::DemoDatabase</name>
    <message>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>The Qt SQLite driver (QSQLITE) is not installed.</source>
        <translation>未安装 Qt SQLite 驱动（QSQLITE）。</translation>
    </message>
    <message>
        <source>The bundled demo script is missing from this build.</source>
        <translation>此构建中缺少内置的演示脚本。</translation>
    </message>
    <message>
        <source>Cannot create the demo database: %1</source>
        <translation>无法创建演示数据库：%1</translation>
    </message>
    <message>
        <source>The demo script failed: %1</source>
        <translation>演示脚本失败：%1</translation>
    </message>
    <message>
        <source>Cannot save the demo database: %1</source>
        <translation>无法保存演示数据库：%1</translation>
    </message>
    <message>
        <source>Cannot move the demo database into place at %1.</source>
        <translation>无法将演示数据库移动到 %1。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::DemoProvider</name>
    <message>
        <source>The demo recordings are missing from this build.</source>
        <translation>此构建中缺少演示录制内容。</translation>
    </message>
    <message>
        <source>The demo recordings are not valid JSON: %1</source>
        <translation>演示录制内容不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>A demo recording has no question or no answer.</source>
        <translation>某个演示录制缺少问题或回答。</translation>
    </message>
    <message>
        <source>The demo recordings hold no questions.</source>
        <translation>演示录制内容中没有问题。</translation>
    </message>
    <message>
        <source>Demo (recorded)</source>
        <translation>演示（录制）</translation>
    </message>
    <message>
        <source>This recorded demo only knows these questions: %1. Pick one of them, or configure a real model in the settings.</source>
        <translation>此录制演示只知道这些问题：%1。请从中选择一个，或在设置中配置真实的模型。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::Dialect</name>
    <message>
        <source>COPY is not run: it streams data through a protocol the database driver cannot read.</source>
        <translation>COPY 不会运行：它通过数据库驱动无法读取的协议传输数据。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ExecutorWorker</name>
    <message>
        <source>The Qt SQL driver %1 is not available.</source>
        <translation>Qt SQL 驱动 %1 不可用。</translation>
    </message>
    <message>
        <source>The statement ran longer than its limit of %1 ms and was stopped.</source>
        <translation>该语句运行超过了 %1 毫秒的限制，已停止。</translation>
    </message>
    <message>
        <source>The server&apos;s settings could not be read: %1</source>
        <translation>无法读取服务器设置：%1</translation>
    </message>
    <message>
        <source>The server does not accept %1, which SQLMend needs so that it reads queries as the server does: %2</source>
        <translation>服务器不接受 %1，而 SQLMend 需要它才能以与服务器相同的方式读取查询：%2</translation>
    </message>
    <message>
        <source>The server still reads quotes and backslashes differently from SQLMend after %1 (its answer to %2 was &apos;%3&apos;, not &apos;%4&apos;); the connection is refused.</source>
        <translation>在 %1 之后，服务器读取引号和反斜杠的方式仍与 SQLMend 不同（它对 %2 的回答是“%3”，而不是“%4”）；连接被拒绝。</translation>
    </message>
    <message>
        <source>The server runs several statements sent in one call, and SQLMend could not switch that off; the connection is refused.</source>
        <translation>服务器会运行一次调用中发送的多条语句，而 SQLMend 无法关闭这一点；连接被拒绝。</translation>
    </message>
    <message>
        <source>The server reads this text as more than one statement, so the guard&apos;s reading and the server&apos;s differ; nothing was run.</source>
        <translation>服务器把这段文本读作不止一条语句，防护与服务器的理解不一致；什么也没有运行。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ExportJob</name>
    <message>
        <source>The export was cancelled.</source>
        <translation>导出已取消。</translation>
    </message>
    <message>
        <source>The database connection is not open.</source>
        <translation>数据库连接未打开。</translation>
    </message>
    <message numerus="yes">
        <source>The export was cancelled after %n row(s).</source>
        <translation>
            <numerusform>导出在 %n 行后被取消。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ExportWriter</name>
    <message>
        <source>The export target is not open for writing.</source>
        <translation>导出目标未打开，无法写入。</translation>
    </message>
    <message>
        <source>The export has already begun.</source>
        <translation>导出已经开始。</translation>
    </message>
    <message>
        <source>The export has not begun.</source>
        <translation>导出尚未开始。</translation>
    </message>
    <message>
        <source>Writing the export failed: %1</source>
        <translation>写入导出失败：%1</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>JSON Lines</source>
        <translation>JSON Lines</translation>
    </message>
    <message>
        <source>Markdown table</source>
        <translation>Markdown 表格</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Excel workbook</source>
        <translation>Excel 工作簿</translation>
    </message>
    <message>
        <source>Tab-separated values</source>
        <translation>制表符分隔值</translation>
    </message>
    <message>
        <source>A second statement&apos;s rows cannot follow the first&apos;s.</source>
        <translation>第二条语句的行不能跟在第一条语句的行之后。</translation>
    </message>
    <message>
        <source>No rows were fetched.</source>
        <translation>没有获取到任何行。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::FunctionDenylist</name>
    <message>
        <source>The function %1 changes data or server state; only read-only queries may run.</source>
        <translation>函数 %1 会更改数据或服务器状态；只允许运行只读查询。</translation>
    </message>
    <message>
        <source>The function %1 changes replication state on the server; only read-only queries may run.</source>
        <translation>函数 %1 会更改服务器上的复制状态；只允许运行只读查询。</translation>
    </message>
    <message>
        <source>The function %1 signals or stops other sessions or server processes.</source>
        <translation>函数 %1 会向其他会话或服务器进程发信号或终止它们。</translation>
    </message>
    <message>
        <source>The function %1 reads or writes files on the server.</source>
        <translation>函数 %1 会读写服务器上的文件。</translation>
    </message>
    <message>
        <source>The function %1 consumes transaction ids or sequence values, which a rollback does not give back.</source>
        <translation>函数 %1 会消耗事务 ID 或序列值，回滚不会归还它们。</translation>
    </message>
    <message>
        <source>The function %1 takes or releases locks that outlive the query.</source>
        <translation>函数 %1 会获取或释放在查询结束后仍然存在的锁。</translation>
    </message>
    <message>
        <source>The function %1 runs other SQL or code that the guard cannot check.</source>
        <translation>函数 %1 会运行防护无法检查的其他 SQL 或代码。</translation>
    </message>
    <message>
        <source>The function %1 changes settings that later queries would see.</source>
        <translation>函数 %1 会更改之后的查询能看到的设置。</translation>
    </message>
    <message>
        <source>The function %1 does more than read data.</source>
        <translation>函数 %1 不只是读取数据。</translation>
    </message>
    <message>
        <source>The function %1 reaches another server or data source outside this database; only the database&apos;s own tables may be read.</source>
        <translation>函数 %1 会访问此数据库之外的其他服务器或数据源；只能读取该数据库自己的表。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::HttpLlmCall</name>
    <message numerus="yes">
        <source>Could not connect to %1 within %n ms.</source>
        <translation>
            <numerusform>无法在 %n 毫秒内连接到 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model server&apos;s reply is larger than %n bytes; it was stopped.</source>
        <translation>
            <numerusform>模型服务器的回复超过 %n 字节；已停止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model&apos;s answer grew beyond %n characters; it was stopped.</source>
        <translation>
            <numerusform>模型的回答超过了 %n 个字符；已停止。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model server at %1 sent nothing for %n ms.</source>
        <translation>
            <numerusform>位于 %1 的模型服务器在 %n 毫秒内没有发送任何内容。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot reach the model server at %1: %2</source>
        <translation>无法访问位于 %1 的模型服务器：%2</translation>
    </message>
    <message>
        <source>The connection to the model server broke in the middle of the answer: %1</source>
        <translation>与模型服务器的连接在回答中途断开：%1</translation>
    </message>
    <message>
        <source>The model server&apos;s stream ended before the answer was complete (no end-of-stream marker).</source>
        <translation>模型服务器的流在回答完成前结束（没有流结束标记）。</translation>
    </message>
    <message numerus="yes">
        <source>%1 (gave up after %n network retries)</source>
        <translation>
            <numerusform>%1（在 %n 次网络重试后放弃）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::InMemorySecretStore</name>
    <message>
        <source>No secret is stored for %1.</source>
        <translation>没有为 %1 存储密钥。</translation>
    </message>
    <message>
        <source>A secret needs a non-empty key.</source>
        <translation>密钥需要一个非空的键。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::LinkedTable</name>
    <message>
        <source>matched %1</source>
        <translation>匹配了 %1</translation>
    </message>
    <message>
        <source>foreign key of %1</source>
        <translation>%1 的外键</translation>
    </message>
    <message>
        <source>pinned</source>
        <translation>已固定</translation>
    </message>
    <message>
        <source>used by an example</source>
        <translation>被示例使用</translation>
    </message>
    <message>
        <source>named by the error of attempt %1 (%2)</source>
        <translation>第 %1 次尝试的错误提到了它（%2）</translation>
    </message>
    <message>
        <source>small schema, shown whole</source>
        <translation>模式较小，整体给出</translation>
    </message>
    <message>
        <source>no table matched the question</source>
        <translation>没有表与问题匹配</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>named by a business note or glossary term</source>
        <translation>由业务备注或术语提到</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::LlmCall</name>
    <message>
        <source>The request was cancelled.</source>
        <translation>请求已取消。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::LlmError</name>
    <message>
        <source>the server sent an HTML page instead of JSON; check the base URL</source>
        <translation>服务器发送了 HTML 页面而不是 JSON；请检查基础 URL</translation>
    </message>
    <message>
        <source>no details</source>
        <translation>无详细信息</translation>
    </message>
    <message>
        <source>The model provider refused the request because the account is out of credit or over its quota (HTTP %1: %2). Top up or change the plan; retrying will not help.</source>
        <translation>模型提供方拒绝了请求，因为账户余额不足或超出配额（HTTP %1：%2）。请充值或更换套餐；重试无济于事。</translation>
    </message>
    <message>
        <source>The model provider rejected the API key (HTTP %1: %2). Check the key in the provider settings.</source>
        <translation>模型提供方拒绝了 API 密钥（HTTP %1：%2）。请在提供方设置中检查密钥。</translation>
    </message>
    <message>
        <source>The model provider is rate limiting requests (HTTP 429: %1).</source>
        <translation>模型提供方正在限制请求速率（HTTP 429：%1）。</translation>
    </message>
    <message>
        <source>The model server timed out (HTTP 408: %1).</source>
        <translation>模型服务器超时（HTTP 408：%1）。</translation>
    </message>
    <message>
        <source>The model server had a temporary failure (HTTP %1: %2).</source>
        <translation>模型服务器出现临时故障（HTTP %1：%2）。</translation>
    </message>
    <message>
        <source>The model server rejected the request (HTTP %1: %2). Check the model name and the base URL.</source>
        <translation>模型服务器拒绝了请求（HTTP %1：%2）。请检查模型名称和基础 URL。</translation>
    </message>
    <message>
        <source>The model server answered HTTP %1: %2.</source>
        <translation>模型服务器返回 HTTP %1：%2。</translation>
    </message>
    <message>
        <source>The model server sent an HTML page instead of JSON; check the base URL and any proxy or login page in between.</source>
        <translation>模型服务器发送了 HTML 页面而不是 JSON；请检查基础 URL 以及中间的代理或登录页面。</translation>
    </message>
    <message>
        <source>The model server&apos;s reply is not valid JSON (%1): %2</source>
        <translation>模型服务器的回复不是有效的 JSON（%1）：%2</translation>
    </message>
    <message>
        <source>The model provider refused the request because the account is out of credit or over its quota: %1</source>
        <translation>模型提供方拒绝了请求，因为账户余额不足或超出配额：%1</translation>
    </message>
    <message>
        <source>The model server reported an error in its reply: %1</source>
        <translation>模型服务器在回复中报告了错误：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::LoopDecisions</name>
    <message>
        <source>The question was cancelled.</source>
        <translation>该问题已取消。</translation>
    </message>
    <message>
        <source>No complete statement came: %1</source>
        <translation>没有得到完整的语句：%1</translation>
    </message>
    <message>
        <source>The database refused it for a reason a new query cannot fix (%1).</source>
        <translation>数据库因新查询无法解决的原因拒绝了它（%1）。</translation>
    </message>
    <message>
        <source>The connection was closed or lost; a new query cannot fix that (%1).</source>
        <translation>连接已关闭或丢失；新的查询无法解决这个问题（%1）。</translation>
    </message>
    <message>
        <source>The narrowed query hit the same limit (%1); stopping.</source>
        <translation>缩小后的查询遇到了同样的限制（%1）；停止。</translation>
    </message>
    <message>
        <source>No correction rounds are left.</source>
        <translation>没有剩余的纠正轮次了。</translation>
    </message>
    <message>
        <source>No correction rounds are left (at most %1 after the first try).</source>
        <translation>没有剩余的纠正轮次了（首次尝试后最多 %1 次）。</translation>
    </message>
    <message>
        <source>%1 The last attempt: %2</source>
        <translation>%1 最后一次尝试：%2</translation>
    </message>
    <message>
        <source>A repair ran, but its result does not stand as the answer: %1</source>
        <translation>已运行一项修复，但其结果不能作为答案：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ModelBenchReport</name>
    <message>
        <source>The database connection went away.</source>
        <translation>数据库连接已断开。</translation>
    </message>
    <message>
        <source>The loop refused the question.</source>
        <translation>纠正循环拒绝了该问题。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Model %1 (%2); advice %3, decapsulation %4, at most %5 corrections</source>
        <translation>模型 %1（%2）；建议：%3，解封装：%4，最多纠正 %5 次</translation>
    </message>
    <message>
        <source>Questions: %1 (gold SQL failed for %2 more)</source>
        <translation>问题：%1 个（另有 %2 个问题的标准答案 SQL 运行失败）</translation>
    </message>
    <message>
        <source>Execution accuracy: %1% (%2 of %3)</source>
        <translation>执行准确率：%1%（%3 个中的 %2 个）</translation>
    </message>
    <message>
        <source>First-try accuracy: %1% (%2); corrected by the loop: %3</source>
        <translation>首次尝试准确率：%1%（%2 个）；经循环纠正：%3 个</translation>
    </message>
    <message>
        <source>Model calls: %1 (%2 per question); tokens: %3 (%4 per question)</source>
        <translation>模型调用：%1 次（每个问题 %2 次）；词元：%3（每个问题 %4）</translation>
    </message>
    <message>
        <source>Latency: mean %1 ms, p50 %2 ms, p90 %3 ms; loop overhead: mean %4 ms</source>
        <translation>延迟：平均 %1 毫秒，p50 %2 毫秒，p90 %3 毫秒；循环开销：平均 %4 毫秒</translation>
    </message>
    <message>
        <source>Attempts: %1</source>
        <translation>尝试：%1</translation>
    </message>
    <message>
        <source>Statuses: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Error classes seen: %1</source>
        <translation>出现的错误类别：%1</translation>
    </message>
    <message>
        <source>  %1: %2% of %3 (first try %4%)</source>
        <translation>  %1：%2%，共 %3 个（首次尝试 %4%）</translation>
    </message>
    <message>
        <source>The model benchmark needs an application object (it runs its own event loop).</source>
        <translation>模型基准测试需要一个应用程序对象（它会运行自己的事件循环）。</translation>
    </message>
    <message>
        <source>The number of corrections cannot be negative.</source>
        <translation>纠正次数不能为负数。</translation>
    </message>
    <message>
        <source>The question set has no database &apos;%1&apos;.</source>
        <translation>问题集中没有数据库 &apos;%1&apos;。</translation>
    </message>
    <message>
        <source>No question was selected.</source>
        <translation>没有选中任何问题。</translation>
    </message>
    <message numerus="yes">
        <source>The model could not be used (%1); stopped after %n question(s). %2</source>
        <translation>
            <numerusform>无法使用模型（%1）；在 %n 个问题后停止。%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ModelProbeResult</name>
    <message>
        <source>The model did not answer: %1</source>
        <translation>模型没有应答：%1</translation>
    </message>
    <message>
        <source>%1 answered in %2 ms (first piece after %3 ms).</source>
        <translation>%1 在 %2 毫秒内应答（第一段在 %3 毫秒后到达）。</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>模型</translation>
    </message>
    <message numerus="yes">
        <source>Streaming works (%n piece(s)).</source>
        <translation>
            <numerusform>流式输出可用（%n 段）。</numerusform>
        </translation>
    </message>
    <message>
        <source>The answer came in one piece: streaming is off or not supported.</source>
        <translation>回答是一次性到达的：流式输出已关闭或不受支持。</translation>
    </message>
    <message>
        <source>Token usage is reported (%1 in, %2 out).</source>
        <translation>报告了令牌用量（输入 %1，输出 %2）。</translation>
    </message>
    <message>
        <source>Token usage is not reported; SQLMend estimates it.</source>
        <translation>没有报告令牌用量；SQLMend 会估算它。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::NoteIndex</name>
    <message>
        <source>The index of the notes could not be built: %1</source>
        <translation>无法建立备注的索引：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::NoteStore</name>
    <message>
        <source>there is no term &quot;%1&quot;</source>
        <translation>没有术语 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>the export target is not writable</source>
        <translation>导出目标不可写</translation>
    </message>
    <message>
        <source>cannot write the export: %1</source>
        <translation>无法写入导出：%1</translation>
    </message>
    <message>
        <source>the import source is not readable</source>
        <translation>导入来源不可读</translation>
    </message>
    <message>
        <source>the field &quot;kind&quot; must be &quot;note&quot; or &quot;term&quot;</source>
        <translation>字段 &quot;kind&quot; 必须是 &quot;note&quot; 或 &quot;term&quot;</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::OpenAiCompatibleProvider</name>
    <message>
        <source>%1 (OpenAI-compatible, %2)</source>
        <translation>%1（OpenAI 兼容，%2）</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::OpenAiProtocol</name>
    <message>
        <source>The model server sent a stream event that is not JSON: %1</source>
        <translation>模型服务器发送的流事件不是 JSON：%1</translation>
    </message>
    <message>
        <source>The model server&apos;s reply has no choices.</source>
        <translation>模型服务器的回复中没有 choices。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ProviderSettings</name>
    <message>
        <source>The base URL &quot;%1&quot; is not a valid URL; write it like http://localhost:11434/v1.</source>
        <translation>基础 URL &quot;%1&quot; 不是有效的 URL；请写作 http://localhost:11434/v1 这样的形式。</translation>
    </message>
    <message>
        <source>The base URL &quot;%1&quot; must start with http:// or https://.</source>
        <translation>基础 URL &quot;%1&quot; 必须以 http:// 或 https:// 开头。</translation>
    </message>
    <message>
        <source>The base URL &quot;%1&quot; must not contain a query or a fragment.</source>
        <translation>基础 URL &quot;%1&quot; 不能包含查询参数或片段。</translation>
    </message>
    <message>
        <source>No model is set; enter the model name the server expects (for example gpt-4o-mini or qwen2.5-coder:7b).</source>
        <translation>未设置模型；请输入服务器期望的模型名称（例如 gpt-4o-mini 或 qwen2.5-coder:7b）。</translation>
    </message>
    <message>
        <source>The timeouts must be positive numbers of milliseconds.</source>
        <translation>超时必须是正的毫秒数。</translation>
    </message>
    <message>
        <source>The number of network retries must be between 0 and 10.</source>
        <translation>网络重试次数必须在 0 到 10 之间。</translation>
    </message>
    <message>
        <source>The extra header &quot;%1&quot; is not a valid HTTP header.</source>
        <translation>额外的请求头 &quot;%1&quot; 不是有效的 HTTP 请求头。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::Repairs</name>
    <message>
        <source>MySQL&apos;s \&apos; inside a string</source>
        <translation>字符串中 MySQL 的 \&apos;</translation>
    </message>
    <message>
        <source>clauses out of order</source>
        <translation>顺序错误的子句</translation>
    </message>
    <message>
        <source>PostgreSQL&apos;s :: cast</source>
        <translation>PostgreSQL 的 :: 类型转换</translation>
    </message>
    <message>
        <source>a SELECT of a UNION in parentheses</source>
        <translation>UNION 中带括号的 SELECT</translation>
    </message>
    <message>
        <source>COUNT(t.*)</source>
        <translation>COUNT(t.*)</translation>
    </message>
    <message>
        <source>a second statement</source>
        <translation>第二条语句</translation>
    </message>
    <message>
        <source>trailing prose</source>
        <translation>末尾的说明文字</translation>
    </message>
    <message>
        <source>FETCH FIRST n ROWS ONLY</source>
        <translation>FETCH FIRST n ROWS ONLY</translation>
    </message>
    <message>
        <source>a unique spelling fix</source>
        <translation>唯一的拼写修正</translation>
    </message>
    <message>
        <source>id for a table&apos;s key named for it</source>
        <translation>代表以表命名的键的 id</translation>
    </message>
    <message>
        <source>ILIKE on SQLite</source>
        <translation>SQLite 上的 ILIKE</translation>
    </message>
    <message>
        <source>a table the statement names without reading it that one foreign key leads to</source>
        <translation>语句提到却未读取且只有一个外键指向的表</translation>
    </message>
    <message>
        <source>the one table a foreign key leads to</source>
        <translation>外键指向的唯一一张表</translation>
    </message>
    <message>
        <source>a column a table that links others lacks, from the one table its key leads to</source>
        <translation>连接其他表的表所缺少而其唯一外键指向的表具有的列</translation>
    </message>
    <message>
        <source>a join on a column its table lacks, through the one table that links it to the other</source>
        <translation>在表所缺少的列上连接时，经由将其与另一张表相连的唯一一张表</translation>
    </message>
    <message>
        <source>MySQL&apos;s LIMIT offset, count</source>
        <translation>MySQL 的 LIMIT offset, count</translation>
    </message>
    <message>
        <source>Oracle&apos;s MINUS</source>
        <translation>Oracle 的 MINUS</translation>
    </message>
    <message>
        <source>an aggregate of an aggregate</source>
        <translation>聚合的聚合</translation>
    </message>
    <message>
        <source>MIN or MAX as an ORDER BY direction</source>
        <translation>用作 ORDER BY 方向的 MIN 或 MAX</translation>
    </message>
    <message>
        <source>typographic quotes</source>
        <translation>印刷体引号</translation>
    </message>
    <message>
        <source>a qualifier without its dot</source>
        <translation>缺少点号的限定名</translation>
    </message>
    <message>
        <source>a qualifier where every candidate is the same value</source>
        <translation>所有候选值都相同时的限定符</translation>
    </message>
    <message>
        <source>a key&apos;s name on the table it refers to where a set operation, = or IN sets it against that key</source>
        <translation>写在其所引用的表上的外键名（集合运算、= 或 IN 将其与该表的键相比较时）</translation>
    </message>
    <message>
        <source>a name quoted as one</source>
        <translation>被整体引用的名称</translation>
    </message>
    <message>
        <source>markers</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>an aggregate of the outer query&apos;s alias in a subquery that reads its table</source>
        <translation>子查询中对外层查询别名（指向子查询所读的表）的聚合</translation>
    </message>
    <message>
        <source>an aggregate in the ORDER BY of a query without GROUP BY</source>
        <translation>无 GROUP BY 的查询在 ORDER BY 中使用聚合</translation>
    </message>
    <message>
        <source>another dialect&apos;s name of a function (NVL, IFNULL, CHAR_LENGTH)</source>
        <translation>其他方言的函数名（NVL、IFNULL、CHAR_LENGTH）</translation>
    </message>
    <message>
        <source>the table the keys named for a missing one refer to</source>
        <translation>以缺失表命名的外键所指向的表</translation>
    </message>
    <message>
        <source>a column written after its table&apos;s name</source>
        <translation>写在表名之后的列名</translation>
    </message>
    <message>
        <source>TOP n</source>
        <translation>TOP n</translation>
    </message>
    <message>
        <source>UNION where the server has UNION ALL only</source>
        <translation>服务器只有 UNION ALL 时的 UNION</translation>
    </message>
    <message>
        <source>backticks around the statement</source>
        <translation>语句两侧的反引号</translation>
    </message>
    <message>
        <source>a lead-in before the statement</source>
        <translation>语句前的引导语</translation>
    </message>
    <message>
        <source>an alias of several words, quoted</source>
        <translation>多个词的别名，加上引号</translation>
    </message>
    <message>
        <source>= ANY or &lt;&gt; ALL of a subquery, by IN or NOT IN</source>
        <translation>与子查询的 = ANY 或 &lt;&gt; ALL 比较，改用 IN 或 NOT IN</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ReplayBenchReport</name>
    <message>
        <source>Replay of %1 real failing predictions (%2 skipped) from %3, in %4 ms.</source>
        <translation>重放了来自 %3 的 %1 条真实失败预测（跳过 %2 条），耗时 %4 毫秒。</translation>
    </message>
    <message>
        <source>%1 %2 %3 %4 %5 %6 %7 %8</source>
        <translation>%1 %2 %3 %4 %5 %6 %7 %8</translation>
    </message>
    <message>
        <source>group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>errors</source>
        <translation>出错</translation>
    </message>
    <message>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>tried</source>
        <translation>已尝试</translation>
    </message>
    <message>
        <source>right</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>right/errors</source>
        <translation>正确/出错</translation>
    </message>
    <message>
        <source> %1 %2 %3</source>
        <translation> %1 %2 %3</translation>
    </message>
    <message>
        <source>healed</source>
        <translation>已修好</translation>
    </message>
    <message>
        <source>regress</source>
        <translation>退化</translation>
    </message>
    <message>
        <source>calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>By the recorded error&apos;s class:</source>
        <translation>按记录的错误类别：</translation>
    </message>
    <message>
        <source>By source model:</source>
        <translation>按来源模型：</translation>
    </message>
    <message>
        <source>Answers by repair step: %1</source>
        <translation>各修复步骤给出的答案：%1</translation>
    </message>
    <message>
        <source>Wrong repair %1 (%2, %3):</source>
        <translation>错误修复 %1（%2，%3）：</translation>
    </message>
    <message>
        <source>  before: %1</source>
        <translation>  修复前：%1</translation>
    </message>
    <message>
        <source>  after:  %1</source>
        <translation>  修复后：%1</translation>
    </message>
    <message>
        <source>  gold:   %1</source>
        <translation>  标准答案：%1</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1, line %2: not a prediction (an object with db_id, predicted_sql and gold_sql)</source>
        <translation>%1，第 %2 行：不是预测（应为包含 db_id、predicted_sql 和 gold_sql 的对象）</translation>
    </message>
    <message>
        <source>Class accuracy %1, advice hit %2 (name errors), repairs right %3 of all errors, repair precision %4 (%5 right with the columns in any order: %6); %7 repaired results in doubt did not stand.</source>
        <translation>类别准确率 %1，建议命中 %2（名称错误），修复正确占全部错误的 %3，修复精确率 %4（不计列顺序时正确 %5：%6）；%7 个存疑的修复结果未被采纳。</translation>
    </message>
    <message>
        <source>Repairs whose result did not stand, by doubt: %1</source>
        <translation>结果未被采纳的修复（按存疑原因）：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ReplyParser</name>
    <message>
        <source>The model&apos;s reply holds only its reasoning and no SQL.</source>
        <translation>模型的回复只有推理过程，没有 SQL。</translation>
    </message>
    <message>
        <source>The model&apos;s reply is empty.</source>
        <translation>模型的回复为空。</translation>
    </message>
    <message>
        <source>The model&apos;s reply contains no SQL.</source>
        <translation>模型的回复中没有 SQL。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ResultModel</name>
    <message numerus="yes">
        <source>BLOB (%n byte(s))</source>
        <translation>
            <numerusform>BLOB（%n 字节）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::RowSource</name>
    <message numerus="yes">
        <source>The export was cancelled after %n row(s).</source>
        <translation>
            <numerusform>导出在 %n 行后被取消。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::SchemaGap</name>
    <message>
        <source>The table `%1` exists but was not in the schema the model was given; it is added to the next prompt.</source>
        <translation>表 `%1` 存在，但不在提供给模型的模式中；下一次提示会加入它。</translation>
    </message>
    <message>
        <source>`%1` exists in table `%2`, which was not in the schema the model was given; it is added to the next prompt.</source>
        <translation>`%1` 存在于表 `%2` 中，而该表不在提供给模型的模式中；下一次提示会加入它。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::SchemaLinker</name>
    <message>
        <source>The schema index could not be built: %1</source>
        <translation>无法构建模式索引：%1</translation>
    </message>
    <message>
        <source>The cached schema index cannot be used: %1</source>
        <translation>无法使用缓存的模式索引：%1</translation>
    </message>
    <message>
        <source>it is empty</source>
        <translation>它是空的</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>it does not match the catalog</source>
        <translation>它与模式目录不一致</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::SpiderMirror</name>
    <message>
        <source>cannot open &quot;%1&quot;: %2</source>
        <translation>无法打开 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>cannot list the tables of &quot;%1&quot;: %2</source>
        <translation>无法列出 &quot;%1&quot; 的表：%2</translation>
    </message>
    <message>
        <source>cannot read the columns of %1: %2</source>
        <translation>无法读取 %1 的列：%2</translation>
    </message>
    <message>
        <source>cannot read the rows of %1: %2</source>
        <translation>无法读取 %1 的行：%2</translation>
    </message>
    <message>
        <source>cannot connect to PostgreSQL: %1</source>
        <translation>无法连接到 PostgreSQL：%1</translation>
    </message>
    <message>
        <source>cannot prepare the schema %1: %2</source>
        <translation>无法准备模式 %1：%2</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>cannot start a transaction: %1</source>
        <translation>无法开始事务：%1</translation>
    </message>
    <message>
        <source>cannot prepare the copy of %1: %2</source>
        <translation>无法准备 %1 的复制：%2</translation>
    </message>
    <message>
        <source>cannot copy a row into %1: %2</source>
        <translation>无法将一行复制到 %1：%2</translation>
    </message>
    <message>
        <source>cannot commit the copy of %1: %2</source>
        <translation>无法提交 %1 的复制：%2</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::SpiderSet</name>
    <message>
        <source>no Spider folder was given</source>
        <translation>未指定 Spider 文件夹</translation>
    </message>
    <message>
        <source>the Spider folder &quot;%1&quot; does not exist</source>
        <translation>Spider 文件夹 &quot;%1&quot; 不存在</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a folder</source>
        <translation>&quot;%1&quot; 不是文件夹</translation>
    </message>
    <message>
        <source>cannot read &quot;%1&quot;: %2</source>
        <translation>无法读取 &quot;%1&quot;：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too large</source>
        <translation>&quot;%1&quot; 太大</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not valid JSON: %2 at offset %3</source>
        <translation>&quot;%1&quot; 不是有效的 JSON：%2，位于偏移 %3</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must hold a JSON array of questions</source>
        <translation>&quot;%1&quot; 必须包含一个由问题组成的 JSON 数组</translation>
    </message>
    <message>
        <source>question %1 of &quot;%2&quot; lacks a string db_id, question or query</source>
        <translation>&quot;%2&quot; 中的第 %1 个问题缺少字符串类型的 db_id、question 或 query</translation>
    </message>
    <message>
        <source>question %1 names an invalid db_id &quot;%2&quot;</source>
        <translation>第 %1 个问题指定了无效的 db_id &quot;%2&quot;</translation>
    </message>
    <message>
        <source>the database &quot;%1&quot; has no file &quot;%2&quot;</source>
        <translation>数据库 &quot;%1&quot; 没有文件 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; holds no questions</source>
        <translation>&quot;%1&quot; 不包含任何问题</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::SseParser</name>
    <message numerus="yes">
        <source>The event stream sent a line longer than %n bytes.</source>
        <translation>
            <numerusform>事件流发送的某一行超过了 %n 字节。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The event stream sent an event larger than %n bytes.</source>
        <translation>
            <numerusform>事件流发送的某个事件超过了 %n 字节。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::StatementGuard</name>
    <message>
        <source>The query has a string that is never closed.</source>
        <translation>查询中有一个从未闭合的字符串。</translation>
    </message>
    <message>
        <source>The query has a quoted name that is never closed.</source>
        <translation>查询中有一个从未闭合的带引号名称。</translation>
    </message>
    <message>
        <source>The query has a comment that is never closed.</source>
        <translation>查询中有一个从未闭合的注释。</translation>
    </message>
    <message>
        <source>The query has a dollar-quoted string that is never closed.</source>
        <translation>查询中有一个从未闭合的美元引号字符串。</translation>
    </message>
    <message>
        <source>The query contains a NUL character, which would cut it short on the way to the server.</source>
        <translation>查询包含 NUL 字符，它会在发往服务器的途中截断查询。</translation>
    </message>
    <message>
        <source>%1 is not a read-only statement; only SELECT, WITH, VALUES, TABLE, EXPLAIN, SHOW, DESCRIBE and read-only PRAGMA queries may run.</source>
        <translation>%1 不是只读语句；只能运行 SELECT、WITH、VALUES、TABLE、EXPLAIN、SHOW、DESCRIBE 和只读的 PRAGMA 查询。</translation>
    </message>
    <message>
        <source>The query contains %1, which changes data; only read-only queries may run.</source>
        <translation>查询包含会修改数据的 %1；只能运行只读查询。</translation>
    </message>
    <message>
        <source>SELECT ... INTO writes the result into a table, a file or a variable; remove the INTO clause.</source>
        <translation>SELECT ... INTO 会把结果写入表、文件或变量；请删除 INTO 子句。</translation>
    </message>
    <message>
        <source>%1 locks rows; remove the locking clause.</source>
        <translation>%1 会锁定行；请删除加锁子句。</translation>
    </message>
    <message>
        <source>EXPLAIN may only explain a read-only query, not %1.</source>
        <translation>EXPLAIN 只能解释只读查询，不能解释 %1。</translation>
    </message>
    <message>
        <source>The query contains a MySQL executable comment (/*! ... */), whose content the server runs as SQL.</source>
        <translation>查询包含 MySQL 可执行注释（/*! ... */），服务器会把其中的内容作为 SQL 执行。</translation>
    </message>
    <message>
        <source>The query is empty: there is no statement to run.</source>
        <translation>查询为空：没有要运行的语句。</translation>
    </message>
    <message numerus="yes">
        <source>Only one statement may run at a time, but the query holds %n statements.</source>
        <translation>
            <numerusform>一次只能运行一条语句，但该查询包含 %n 条语句。</numerusform>
        </translation>
    </message>
    <message>
        <source>The query has unbalanced parentheses.</source>
        <translation>查询的括号不配对。</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The query nests WITH or EXPLAIN too deeply to check.</source>
        <translation>查询中 WITH 或 EXPLAIN 嵌套过深，无法检查。</translation>
    </message>
    <message>
        <source>The common table expression %1 runs %2, which is not a read-only query.</source>
        <translation>公用表表达式 %1 运行的是 %2，不是只读查询。</translation>
    </message>
    <message>
        <source>The WITH clause leads into %1, which is not a read-only query.</source>
        <translation>WITH 子句引出的是 %1，不是只读查询。</translation>
    </message>
    <message>
        <source>The WITH clause does not lead into a SELECT.</source>
        <translation>WITH 子句没有引出 SELECT。</translation>
    </message>
    <message>
        <source>%1 needs a query or a table to describe.</source>
        <translation>%1 需要一个要描述的查询或表。</translation>
    </message>
    <message>
        <source>PRAGMA %1 with a value changes a setting; only the query form of a read-only pragma may run.</source>
        <translation>带值的 PRAGMA %1 会修改设置；只能运行只读 pragma 的查询形式。</translation>
    </message>
    <message>
        <source>PRAGMA %1 is not a read-only pragma.</source>
        <translation>PRAGMA %1 不是只读 pragma。</translation>
    </message>
    <message>
        <source>A PROCEDURE clause runs a stored procedure on the result; remove it.</source>
        <translation>PROCEDURE 子句会对结果运行存储过程；请删除它。</translation>
    </message>
    <message>
        <source>PostgreSQL could not parse the query: %1</source>
        <translation>PostgreSQL 无法解析该查询：%1</translation>
    </message>
    <message>
        <source>The query is too long to check: %1 characters, and the limit is %2.</source>
        <translation>查询太长，无法检查：%1 个字符，上限为 %2。</translation>
    </message>
    <message numerus="yes">
        <source>Only one statement may run at a time, but the query holds %n statements; send them one by one.</source>
        <translation>
            <numerusform>一次只能运行一条语句，但此查询包含 %n 条语句；请逐条发送。</numerusform>
        </translation>
    </message>
    <message>
        <source>A SETTINGS clause changes the server&apos;s limits for this query (its timeout, row cap or read-only level); remove it.</source>
        <translation>SETTINGS 子句会更改服务器对此查询的限制（超时、行数上限或只读级别）；请删除它。</translation>
    </message>
    <message>
        <source>A FORMAT clause changes how the server sends the result, which SQLMend reads in its own format; remove the clause.</source>
        <translation>FORMAT 子句会改变服务器发送结果的方式，而 SQLMend 按自己的格式读取结果；请删除该子句。</translation>
    </message>
    <message>
        <source>The text is not a SQL statement: answer with exactly one SELECT (or WITH) statement and nothing else.</source>
        <translation>该文本不是 SQL 语句：请只回答一条 SELECT（或 WITH）语句，不要有其他内容。</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::StoreLocation</name>
    <message>
        <source>the store location contains a NUL character</source>
        <translation>存储位置包含 NUL 字符</translation>
    </message>
    <message>
        <source>the SQLite URL &quot;%1&quot; names no file</source>
        <translation>SQLite URL &quot;%1&quot; 没有指定文件</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid PostgreSQL URL: %2</source>
        <translation>&quot;%1&quot; 不是有效的 PostgreSQL URL：%2</translation>
    </message>
    <message>
        <source>the PostgreSQL URL &quot;%1&quot; names no database</source>
        <translation>PostgreSQL URL &quot;%1&quot; 没有指定数据库</translation>
    </message>
    <message>
        <source>the schema name &quot;%1&quot; must be letters, digits and underscores</source>
        <translation>模式名称 &quot;%1&quot; 只能由字母、数字和下划线组成</translation>
    </message>
    <message>
        <source>the URL option &quot;%1&quot; is not supported</source>
        <translation>不支持 URL 选项 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a case store lives in SQLite or PostgreSQL, not at &quot;%1&quot;</source>
        <translation>案例库只能位于 SQLite 或 PostgreSQL 中，不能位于 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>sqlmend::core::XlsxWriter</name>
    <message>
        <source>The workbook could not be written: %1</source>
        <translation>无法写入工作簿：%1</translation>
    </message>
    <message>
        <source>An Excel sheet holds at most %1 columns; this result has %2.</source>
        <translation>一张 Excel 工作表最多有 %1 列；此结果有 %2 列。</translation>
    </message>
    <message>
        <source>No temporary file for the workbook: %1</source>
        <translation>没有可用于工作簿的临时文件：%1</translation>
    </message>
    <message>
        <source>The workbook could not be created.</source>
        <translation>无法创建工作簿。</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Result (%1)</source>
        <translation>结果（%1）</translation>
    </message>
    <message>
        <source>The workbook could not take another sheet.</source>
        <translation>工作簿无法再添加工作表。</translation>
    </message>
    <message>
        <source>The workbook was not created.</source>
        <translation>工作簿未创建。</translation>
    </message>
    <message>
        <source>The workbook could not be read back: %1</source>
        <translation>无法读回工作簿：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::AttemptCard</name>
    <message>
        <source>Attempt</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Error class</source>
        <translation>错误类别</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>终止性</translation>
    </message>
    <message>
        <source>Duration and tokens</source>
        <translation>耗时和词元</translation>
    </message>
    <message>
        <source>SQL of the attempt</source>
        <translation>本次尝试的 SQL</translation>
    </message>
    <message>
        <source>Changes against the previous attempt</source>
        <translation>与上一次尝试相比的变化</translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation>根因</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Raw error</source>
        <translation>原始错误</translation>
    </message>
    <message>
        <source>Show the raw error</source>
        <translation>显示原始错误</translation>
    </message>
    <message>
        <source>Attempt %1 · %2</source>
        <translation>尝试 %1 · %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 ms · %n token(s)</source>
        <translation>
            <numerusform>%1 毫秒 · %n 个词元</numerusform>
        </translation>
    </message>
    <message>
        <source>Root cause: %1</source>
        <translation>根因：%1</translation>
    </message>
    <message>
        <source>Advice sent to the model: %1</source>
        <translation>发送给模型的建议：%1</translation>
    </message>
    <message>
        <source>running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>fix cache</source>
        <translation>修复缓存</translation>
    </message>
    <message>
        <source>autofix</source>
        <translation>自动修复</translation>
    </message>
    <message>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>empty result</source>
        <translation>空结果</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>已拦截</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Same SQL as the previous attempt</source>
        <translation>与上一次尝试的 SQL 相同</translation>
    </message>
    <message>
        <source>Removed: %1</source>
        <translation>删除：%1</translation>
    </message>
    <message>
        <source>Added: %1</source>
        <translation>新增：%1</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1。%2</translation>
    </message>
    <message>
        <source>Terminal: not retried</source>
        <translation>终止：不再重试</translation>
    </message>
    <message>
        <source>Show why each table was given</source>
        <translation>显示每个表被提供的原因</translation>
    </message>
    <message>
        <source>Tables given to the model</source>
        <translation>提供给模型的表</translation>
    </message>
    <message numerus="yes">
        <source>Schema given to the model: %n table(s)</source>
        <translation>
            <numerusform>提供给模型的模式：%n 个表</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%n column(s)): %2</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;（%n 列）：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>in doubt</source>
        <translation>存疑</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::CaseImportCommand</name>
    <message numerus="yes">
        <source>Import %n case(s)</source>
        <translation>
            <numerusform>导入 %n 个案例</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::CaseLibraryCommand</name>
    <message>
        <source>Mark case %1 good</source>
        <translation>将案例 %1 标记为正例</translation>
    </message>
    <message>
        <source>Mark case %1 bad</source>
        <translation>将案例 %1 标记为反例</translation>
    </message>
    <message>
        <source>Edit the SQL of case %1</source>
        <translation>编辑案例 %1 的 SQL</translation>
    </message>
    <message>
        <source>Activate case %1</source>
        <translation>启用案例 %1</translation>
    </message>
    <message>
        <source>Deactivate case %1</source>
        <translation>停用案例 %1</translation>
    </message>
    <message>
        <source>Edit the note of case %1</source>
        <translation>编辑案例 %1 的备注</translation>
    </message>
    <message>
        <source>Delete case %1</source>
        <translation>删除案例 %1</translation>
    </message>
    <message>
        <source>Restore case %1</source>
        <translation>恢复案例 %1</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::CaseLibraryJobs</name>
    <message>
        <source>Unknown change.</source>
        <translation>未知的更改。</translation>
    </message>
    <message>
        <source>The case store is not open.</source>
        <translation>案例库未打开。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::CaseLibraryModel</name>
    <message>
        <source>good</source>
        <translation>正例</translation>
    </message>
    <message>
        <source>bad</source>
        <translation>反例</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>curated</source>
        <translation>人工整理</translation>
    </message>
    <message>
        <source>active</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>inactive</source>
        <translation>已停用</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>SQL</source>
        <translation>SQL</translation>
    </message>
    <message>
        <source>Error class</source>
        <translation>错误类别</translation>
    </message>
    <message>
        <source>Datasource</source>
        <translation>数据源</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>启用</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::CaseLibraryWidget</name>
    <message>
        <source>Case library</source>
        <translation>案例库</translation>
    </message>
    <message>
        <source>Opening the case store…</source>
        <translation>正在打开案例存储…</translation>
    </message>
    <message>
        <source>Search questions and notes</source>
        <translation>搜索问题和备注</translation>
    </message>
    <message>
        <source>Search cases</source>
        <translation>搜索案例</translation>
    </message>
    <message>
        <source>Kind filter</source>
        <translation>种类筛选</translation>
    </message>
    <message>
        <source>Good and bad</source>
        <translation>正例和反例</translation>
    </message>
    <message>
        <source>Good</source>
        <translation>正例</translation>
    </message>
    <message>
        <source>Bad</source>
        <translation>反例</translation>
    </message>
    <message>
        <source>Error class filter</source>
        <translation>错误类别筛选</translation>
    </message>
    <message>
        <source>Any error class</source>
        <translation>任意错误类别</translation>
    </message>
    <message>
        <source>Datasource filter</source>
        <translation>数据源筛选</translation>
    </message>
    <message>
        <source>Any datasource</source>
        <translation>任意数据源</translation>
    </message>
    <message>
        <source>Active filter</source>
        <translation>启用状态筛选</translation>
    </message>
    <message>
        <source>Active and inactive</source>
        <translation>已启用和已停用</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>已启用</translation>
    </message>
    <message>
        <source>Inactive</source>
        <translation>已停用</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>案例</translation>
    </message>
    <message>
        <source>Question of the case</source>
        <translation>案例的问题</translation>
    </message>
    <message>
        <source>SQL of the case</source>
        <translation>案例的 SQL</translation>
    </message>
    <message>
        <source>&amp;Apply SQL</source>
        <translation>应用 SQL(&amp;A)</translation>
    </message>
    <message>
        <source>Apply the edited SQL</source>
        <translation>应用编辑后的 SQL</translation>
    </message>
    <message>
        <source>Note on the case</source>
        <translation>案例备注</translation>
    </message>
    <message>
        <source>Why this case is good or bad</source>
        <translation>此案例为何是正例或反例</translation>
    </message>
    <message>
        <source>Save &amp;note</source>
        <translation>保存备注(&amp;N)</translation>
    </message>
    <message>
        <source>Save the note</source>
        <translation>保存备注</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>&amp;SQL:</source>
        <translation>SQL(&amp;S)：</translation>
    </message>
    <message>
        <source>N&amp;otes:</source>
        <translation>备注(&amp;O)：</translation>
    </message>
    <message>
        <source>Case library status</source>
        <translation>案例库状态</translation>
    </message>
    <message>
        <source>Import progress</source>
        <translation>导入进度</translation>
    </message>
    <message>
        <source>Import report</source>
        <translation>导入报告</translation>
    </message>
    <message>
        <source>Number of listed cases</source>
        <translation>列出的案例数</translation>
    </message>
    <message>
        <source>Case actions</source>
        <translation>案例操作</translation>
    </message>
    <message>
        <source>Mark &amp;good</source>
        <translation>标记为正例(&amp;G)</translation>
    </message>
    <message>
        <source>Mark &amp;bad</source>
        <translation>标记为反例(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Toggle active</source>
        <translation>切换启用状态(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Delete the case (undo brings it back)</source>
        <translation>删除案例（撤销可恢复）</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Re-run</source>
        <translation>重新运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the case&apos;s SQL on its datasource</source>
        <translation>在案例的数据源上运行其 SQL</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Import cases from a JSON Lines file</source>
        <translation>从 JSON Lines 文件导入案例</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Export the listed cases to a JSON Lines file</source>
        <translation>将列出的案例导出到 JSON Lines 文件</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>Case store: %1</source>
        <translation>案例存储：%1</translation>
    </message>
    <message>
        <source>Cannot open the case store: %1</source>
        <translation>无法打开案例存储：%1</translation>
    </message>
    <message>
        <source>Cannot list the cases: %1</source>
        <translation>无法列出案例：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n 个案例</numerusform>
        </translation>
    </message>
    <message>
        <source>Deac&amp;tivate</source>
        <translation>停用(&amp;T)</translation>
    </message>
    <message>
        <source>Ac&amp;tivate</source>
        <translation>启用(&amp;T)</translation>
    </message>
    <message>
        <source>A good case needs its SQL: case %1 was not changed.</source>
        <translation>正例需要 SQL：案例 %1 未更改。</translation>
    </message>
    <message>
        <source>The change to case %1 failed: %2</source>
        <translation>更改案例 %1 失败：%2</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more bad line(s)</source>
        <translation>
            <numerusform>… 另有 %n 个错误行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n case(s).</source>
        <translation>
            <numerusform>已导入 %n 个案例。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n got a new id because theirs was taken.</source>
        <translation>
            <numerusform>%1 其中 %n 个案例因原 id 已被占用而获得了新 id。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n bad line(s) skipped (listed below).</source>
        <translation>
            <numerusform>%1 跳过了 %n 个错误行（见下方列表）。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 The import stopped: %2</source>
        <translation>%1 导入已停止：%2</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>正在导出到 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n case(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个案例导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>The export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Import cases</source>
        <translation>导入案例</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.ndjson);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.ndjson);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export cases</source>
        <translation>导出案例</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The case store went away.</source>
        <translation>案例库已不存在。</translation>
    </message>
    <message>
        <source>The change failed: %1</source>
        <translation>更改失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) had changed meanwhile and were left as they are.</source>
        <translation>
            <numerusform>%n 个案例在此期间已被更改，保持原样。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n skipped: the store has them already.</source>
        <translation>
            <numerusform>%1 跳过 %n 个：案例库中已有。</numerusform>
        </translation>
    </message>
    <message>
        <source>More</source>
        <translation>更多</translation>
    </message>
    <message>
        <source>More case actions</source>
        <translation>更多案例操作</translation>
    </message>
    <message>
        <source>Toggle active, undo, redo, import and export</source>
        <translation>切换启用、撤销、重做、导入和导出</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ChartDrawing</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 (%3%)</source>
        <translation>%1：%2（%3%）</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ChartPanel</name>
    <message>
        <source>Chart type</source>
        <translation>图表类型</translation>
    </message>
    <message>
        <source>C&amp;hart:</source>
        <translation>图表(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Export the chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>As PNG Image…</source>
        <translation>导出为 PNG 图像…</translation>
    </message>
    <message>
        <source>As SVG Drawing…</source>
        <translation>导出为 SVG 图形…</translation>
    </message>
    <message>
        <source>As PDF Document…</source>
        <translation>导出为 PDF 文档…</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Column %1</source>
        <translation>第 %1 列</translation>
    </message>
    <message>
        <source>Showing the first %1 of %2 rows.</source>
        <translation>显示 %2 行中的前 %1 行。</translation>
    </message>
    <message numerus="yes">
        <source>Only the %n row(s) loaded so far are drawn.</source>
        <translation>
            <numerusform>只绘制了目前已加载的 %n 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>A chart can only be exported from the thread that shows it.</source>
        <translation>只能在显示图表的线程中导出图表。</translation>
    </message>
    <message>
        <source>Choose a file to export the chart to.</source>
        <translation>请选择要将图表导出到的文件。</translation>
    </message>
    <message>
        <source>There is no chart to export: %1</source>
        <translation>没有可导出的图表：%1</translation>
    </message>
    <message>
        <source>The chart could not be saved to %1: %2</source>
        <translation>无法将图表保存到 %1：%2</translation>
    </message>
    <message>
        <source>there is not enough memory for the image</source>
        <translation>内存不足，无法生成图像</translation>
    </message>
    <message>
        <source>the PNG encoder failed</source>
        <translation>PNG 编码器失败</translation>
    </message>
    <message>
        <source>SQLMend chart</source>
        <translation>SQLMend 图表</translation>
    </message>
    <message>
        <source>the SVG writer could not start</source>
        <translation>SVG 写入器无法启动</translation>
    </message>
    <message>
        <source>the PDF writer could not start</source>
        <translation>PDF 写入器无法启动</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Axis column</source>
        <translation>坐标轴列</translation>
    </message>
    <message>
        <source>The categories or the x axis; for a histogram, the column measured</source>
        <translation>类别或 x 轴；直方图则为被度量的列</translation>
    </message>
    <message>
        <source>Series</source>
        <translation>系列</translation>
    </message>
    <message>
        <source>The numeric columns drawn</source>
        <translation>要绘制的数值列</translation>
    </message>
    <message>
        <source>Aggregation</source>
        <translation>聚合</translation>
    </message>
    <message>
        <source>How rows that share an axis value become one point</source>
        <translation>坐标轴取值相同的行如何合并为一个点</translation>
    </message>
    <message>
        <source>&amp;Axis:</source>
        <translation>坐标轴(&amp;A)：</translation>
    </message>
    <message>
        <source>Se&amp;ries:</source>
        <translation>系列(&amp;R)：</translation>
    </message>
    <message>
        <source>A&amp;ggregate:</source>
        <translation>聚合(&amp;G)：</translation>
    </message>
    <message>
        <source>Export &amp;Size</source>
        <translation>导出尺寸(&amp;S)</translation>
    </message>
    <message>
        <source>As Shown</source>
        <translation>与显示相同</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>(rows)</source>
        <translation>（行）</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>The numeric columns drawn: %1</source>
        <translation>要绘制的数值列：%1</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>No chart fits: no row has a value to draw in the chosen columns.</source>
        <translation>没有合适的图表：所选列中没有可绘制的值。</translation>
    </message>
    <message>
        <source>No chart fits these columns.
%1</source>
        <translation>没有适合这些列的图表。
%1</translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2：%3</translation>
    </message>
    <message>
        <source>no value</source>
        <translation>无值</translation>
    </message>
    <message>
        <source>%1
%2 (%3%)</source>
        <translation>%1
%2（%3%）</translation>
    </message>
    <message>
        <source>An export is %1 to %2 pixels wide and high; %3 × %4 is not.</source>
        <translation>导出的宽和高须为 %1 到 %2 像素；%3 × %4 不符合。</translation>
    </message>
    <message>
        <source>PNG images</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG drawings</source>
        <translation>SVG 图形</translation>
    </message>
    <message>
        <source>PDF documents</source>
        <translation>PDF 文档</translation>
    </message>
    <message>
        <source>chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Exported to %1 (%2 × %3).</source>
        <translation>已导出到 %1（%2 × %3）。</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ChatPanel</name>
    <message>
        <source>Chat</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Answers are recorded — connect a real model in Settings</source>
        <translation>回答为预先录制 — 请在设置中连接真实模型</translation>
    </message>
    <message>
        <source>Recorded answers</source>
        <translation>录制的回答</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <source>Question problem</source>
        <translation>提问错误提示</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Ask the database a question (Enter sends, Shift+Enter adds a line)</source>
        <translation>向数据库提问（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>发送(&amp;S)</translation>
    </message>
    <message>
        <source>Send the question</source>
        <translation>发送问题</translation>
    </message>
    <message>
        <source>Send the question (Enter)</source>
        <translation>发送问题（Enter）</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop the question</source>
        <translation>停止提问</translation>
    </message>
    <message>
        <source>Stop the running question (Esc)</source>
        <translation>停止正在运行的提问（Esc）</translation>
    </message>
    <message>
        <source>Question %1</source>
        <translation>问题 %1</translation>
    </message>
    <message>
        <source>Your question</source>
        <translation>你的问题</translation>
    </message>
    <message>
        <source>The model&apos;s answer</source>
        <translation>模型的回答</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>尝试</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>最终结果</translation>
    </message>
    <message>
        <source>Show the attempts</source>
        <translation>显示尝试</translation>
    </message>
    <message>
        <source>Show the attempts of question %1</source>
        <translation>显示问题 %1 的尝试</translation>
    </message>
    <message>
        <source>Attempt %1 (%2)…</source>
        <translation>尝试 %1（%2）…</translation>
    </message>
    <message>
        <source>Attempt %1 (%2): %3 — %4</source>
        <translation>尝试 %1（%2）：%3 — %4</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>No answer.</source>
        <translation>没有答案。</translation>
    </message>
    <message>
        <source>No answer: %1</source>
        <translation>没有答案：%1</translation>
    </message>
    <message>
        <source>Answer of question %1</source>
        <translation>问题 %1 的答案</translation>
    </message>
    <message>
        <source>Chart of question %1</source>
        <translation>问题 %1 的图表</translation>
    </message>
    <message numerus="yes">
        <source>Answered after %n attempt(s); run its SQL again for the rows.</source>
        <translation>
            <numerusform>经过 %n 次尝试后得到回答；重新运行其 SQL 以查看行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Answered with %1 after %2.</source>
        <translation>经过 %2，得到 %1结果。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n 次尝试</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The question is too long (%n character(s)); at most %1 are sent.</source>
        <translation>
            <numerusform>问题太长（%n 个字符）；最多发送 %1 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation>新对话(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new conversation</source>
        <translation>开始新对话</translation>
    </message>
    <message>
        <source>Start a new conversation: the next question does not build on the ones above (Ctrl+N)</source>
        <translation>开始新对话：下一个问题不再基于上面的问题（Ctrl+N）</translation>
    </message>
    <message>
        <source>Ask a follow-up: it builds on the questions above (Enter sends, Shift+Enter adds a line)</source>
        <translation>提一个追问：它基于上面的问题（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message numerus="yes">
        <source>the first %n row(s) of more</source>
        <translation>
            <numerusform>更多行中的前 %n 行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ConnectionDialog</name>
    <message>
        <source>Connect to a Database</source>
        <translation>连接到数据库</translation>
    </message>
    <message>
        <source>Saved connections</source>
        <translation>已保存的连接</translation>
    </message>
    <message>
        <source>New connection</source>
        <translation>新建连接</translation>
    </message>
    <message>
        <source>&amp;Saved:</source>
        <translation>已保存(&amp;S)：</translation>
    </message>
    <message>
        <source>Connection name</source>
        <translation>连接名称</translation>
    </message>
    <message>
        <source>Optional: a name to save this connection under</source>
        <translation>可选：保存此连接时使用的名称</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Database URL</source>
        <translation>数据库 URL</translation>
    </message>
    <message>
        <source>sqlite:///path/file.db, postgresql://user@host:port/db, mysql://user@host:port/db, odbc://DSN</source>
        <translation>sqlite:///path/file.db, postgresql://user@host:port/db, mysql://user@host:port/db, odbc://DSN</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>URL(&amp;U)：</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>密码(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Remember the password in the system keychain</source>
        <translation>在系统钥匙串中记住密码(&amp;R)</translation>
    </message>
    <message>
        <source>Keychain status</source>
        <translation>钥匙串状态</translation>
    </message>
    <message>
        <source>Connection error</source>
        <translation>连接错误</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>Passwords are stored in the system keychain, never in the settings file.</source>
        <translation>密码保存在系统钥匙串中，绝不会写入设置文件。</translation>
    </message>
    <message>
        <source>The password is kept for this session only because %1.</source>
        <translation>密码仅在本次会话中保留，因为%1。</translation>
    </message>
    <message>
        <source>Connection safety</source>
        <translation>连接安全性</translation>
    </message>
    <message>
        <source>Check &amp;Safety</source>
        <translation>检查安全性(&amp;S)</translation>
    </message>
    <message>
        <source>Whether this account can write, whether a read-only session refuses writes, and the server settings SQLMend relies on</source>
        <translation>此账户能否写入、只读会话是否拒绝写入，以及 SQLMend 所依赖的服务器设置</translation>
    </message>
    <message>
        <source>Checking the connection&apos;s safety...</source>
        <translation>正在检查连接的安全性……</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Choose an SQLite database file</source>
        <translation>选择一个 SQLite 数据库文件</translation>
    </message>
    <message>
        <source>A plain path to an SQLite file (/data/shop.db, ~/shop.sqlite) works too.</source>
        <translation>也可以直接写 SQLite 文件的路径（/data/shop.db、~/shop.sqlite）。</translation>
    </message>
    <message>
        <source>Installed ODBC drivers</source>
        <translation>已安装的 ODBC 驱动</translation>
    </message>
    <message>
        <source>Choose a driver to start an ODBC URL</source>
        <translation>选择一个驱动来开始编写 ODBC URL</translation>
    </message>
    <message>
        <source>ODBC &amp;driver:</source>
        <translation>ODBC 驱动(&amp;D)：</translation>
    </message>
    <message>
        <source>SQLite Database</source>
        <translation>SQLite 数据库</translation>
    </message>
    <message>
        <source>SQLite databases (*.db *.sqlite *.sqlite3 *.db3)</source>
        <translation>SQLite 数据库 (*.db *.sqlite *.sqlite3 *.db3)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::DiagnosisCard</name>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Error class</source>
        <translation>错误类别</translation>
    </message>
    <message>
        <source>Root cause</source>
        <translation>根因</translation>
    </message>
    <message>
        <source>Advice</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>Closest names</source>
        <translation>最接近的名称</translation>
    </message>
    <message>
        <source>Raw error</source>
        <translation>原始错误</translation>
    </message>
    <message>
        <source>Refused before it reached the database: %1</source>
        <translation>在到达数据库之前被拒绝：%1</translation>
    </message>
    <message>
        <source>Stopped by the time limit: %1</source>
        <translation>因时间限制而停止：%1</translation>
    </message>
    <message>
        <source>Root cause: %1</source>
        <translation>根因：%1</translation>
    </message>
    <message>
        <source>Advice: %1</source>
        <translation>建议：%1</translation>
    </message>
    <message>
        <source>Closest real names: %1</source>
        <translation>最接近的真实名称：%1</translation>
    </message>
    <message>
        <source>No error. When a query fails, its diagnosis and advice appear here.</source>
        <translation>没有错误。查询失败时，其诊断和建议会显示在这里。</translation>
    </message>
    <message>
        <source>Use %1</source>
        <translation>使用 %1</translation>
    </message>
    <message>
        <source>Write %1 instead of %2 in the editor (Ctrl+Z undoes it)</source>
        <translation>在编辑器中用 %1 替换 %2（Ctrl+Z 可撤销）</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::FindBar</name>
    <message>
        <source>Find and replace</source>
        <translation>查找和替换</translation>
    </message>
    <message>
        <source>Fi&amp;nd:</source>
        <translation>查找(&amp;N)：</translation>
    </message>
    <message>
        <source>Text to find</source>
        <translation>要查找的文本</translation>
    </message>
    <message>
        <source>&amp;Previous</source>
        <translation>上一个(&amp;P)</translation>
    </message>
    <message>
        <source>N&amp;ext</source>
        <translation>下一个(&amp;E)</translation>
    </message>
    <message>
        <source>Match &amp;case</source>
        <translation>区分大小写(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Whole words</source>
        <translation>全字匹配(&amp;W)</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>匹配项</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Close the find bar (Esc)</source>
        <translation>关闭查找栏（Esc）</translation>
    </message>
    <message>
        <source>Re&amp;place with:</source>
        <translation>替换为(&amp;P)：</translation>
    </message>
    <message>
        <source>Replacement text</source>
        <translation>替换文本</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>替换(&amp;R)</translation>
    </message>
    <message>
        <source>Replace &amp;All</source>
        <translation>全部替换(&amp;A)</translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>已替换 %n 处</numerusform>
        </translation>
    </message>
    <message>
        <source>No match</source>
        <translation>没有匹配项</translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::GlossaryDialog</name>
    <message>
        <source>Glossary of %1</source>
        <translation>%1 的术语表</translation>
    </message>
    <message>
        <source>Business terms and what they mean here. When a question uses a term, the model gets its definition, and its tables are linked.</source>
        <translation>业务术语以及它们在这里的含义。当问题用到某个术语时，模型会得到它的定义，并关联它的表。</translation>
    </message>
    <message>
        <source>Glossary terms</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>术语</translation>
    </message>
    <message>
        <source>Definition</source>
        <translation>定义</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>表</translation>
    </message>
    <message>
        <source>&amp;Add Term</source>
        <translation>添加术语(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>Row %1 needs both a term and its definition.</source>
        <translation>第 %1 行需要同时有术语和定义。</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::HistoryModel</name>
    <message>
        <source>answered</source>
        <translation>已回答</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>被拒绝</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>已超时</translation>
    </message>
    <message>
        <source>unknown database</source>
        <translation>未知数据库</translation>
    </message>
    <message numerus="yes">
        <source>%1
%2 · %3 · %4 · %n attempt(s)</source>
        <translation>
            <numerusform>%1
%2 · %3 · %4 · %n 次尝试</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
%2, %3, asked of %4 (%5)</source>
        <translation>%1
%2，%3，提问对象 %4（%5）</translation>
    </message>
    <message>
        <source>%1, asked of %2, %3, %4</source>
        <translation>%1，提问对象 %2，%3，%4</translation>
    </message>
    <message>
        <source>Question %1 of a conversation</source>
        <translation>对话中的第 %1 个问题</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::HistoryPanel</name>
    <message>
        <source>The case store went away.</source>
        <translation>案例存储已断开。</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>Filter past questions</source>
        <translation>筛选过去的问题</translation>
    </message>
    <message>
        <source>Filter the history</source>
        <translation>筛选历史记录</translation>
    </message>
    <message>
        <source>Past questions</source>
        <translation>过去的问题</translation>
    </message>
    <message>
        <source>History status</source>
        <translation>历史记录状态</translation>
    </message>
    <message>
        <source>No case store.</source>
        <translation>没有案例存储。</translation>
    </message>
    <message>
        <source>The history cannot be read: %1</source>
        <translation>无法读取历史记录：%1</translation>
    </message>
    <message>
        <source>No questions yet.</source>
        <translation>还没有问题。</translation>
    </message>
    <message>
        <source>No question matches the filter.</source>
        <translation>没有与筛选条件匹配的问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n question(s)</source>
        <translation>
            <numerusform>%n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <source>The question cannot be opened: %1</source>
        <translation>无法打开该问题：%1</translation>
    </message>
    <message>
        <source>Enter or a double click reopens a question&apos;s timeline; the context menu asks it again, runs or copies its SQL</source>
        <translation>回车或双击重新打开问题的时间线；右键菜单可再次提问、运行或复制其 SQL</translation>
    </message>
    <message>
        <source>Show Attempts</source>
        <translation>显示尝试</translation>
    </message>
    <message>
        <source>Ask Again</source>
        <translation>再次提问</translation>
    </message>
    <message>
        <source>Run SQL Again</source>
        <translation>再次运行 SQL</translation>
    </message>
    <message>
        <source>Open in Run SQL</source>
        <translation>在“运行 SQL”中打开</translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation>复制 SQL</translation>
    </message>
    <message>
        <source>Copy Question</source>
        <translation>复制问题</translation>
    </message>
    <message>
        <source>Forget This Question</source>
        <translation>忘记此问题</translation>
    </message>
    <message>
        <source>Remove the question and its attempts from the history</source>
        <translation>从历史中删除该问题及其尝试</translation>
    </message>
    <message>
        <source>This question has no SQL that answered it</source>
        <translation>此问题没有得到回答的 SQL</translation>
    </message>
    <message>
        <source>The question was forgotten.</source>
        <translation>已忘记该问题。</translation>
    </message>
    <message>
        <source>The question cannot be forgotten: %1</source>
        <translation>无法忘记该问题：%1</translation>
    </message>
    <message>
        <source>Continue Its Conversation</source>
        <translation>继续它的对话</translation>
    </message>
    <message>
        <source>This question was asked alone</source>
        <translation>这个问题是单独提出的</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::KeychainSecretStore</name>
    <message>
        <source>A secret needs a key of 1 to %1 characters.</source>
        <translation>密钥的键需要 1 到 %1 个字符。</translation>
    </message>
    <message>
        <source>The password store was closed before it answered.</source>
        <translation>密码存储在回答之前已关闭。</translation>
    </message>
    <message>
        <source>The keychain is unavailable because %1, and no password for %2 was entered in this session.</source>
        <translation>钥匙串不可用，因为%1，并且本次会话中没有为 %2 输入密码。</translation>
    </message>
    <message>
        <source>A secret may have at most %1 characters.</source>
        <translation>密钥最多可以有 %1 个字符。</translation>
    </message>
    <message>
        <source>A secret may not contain a NUL character.</source>
        <translation>密钥不能包含 NUL 字符。</translation>
    </message>
    <message>
        <source>access to the keychain was denied (%1)</source>
        <translation>访问钥匙串被拒绝（%1）</translation>
    </message>
    <message>
        <source>no keychain service is available (%1)</source>
        <translation>没有可用的钥匙串服务（%1）</translation>
    </message>
    <message>
        <source>the keychain reported an error (%1)</source>
        <translation>钥匙串报告了错误（%1）</translation>
    </message>
    <message numerus="yes">
        <source>the keychain did not answer within %n millisecond(s)</source>
        <translation>
            <numerusform>钥匙串在 %n 毫秒内没有应答</numerusform>
        </translation>
    </message>
    <message>
        <source>no details given</source>
        <translation>未提供详细信息</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::MainWindow</name>
    <message>
        <source>SQLMend</source>
        <translation>SQLMend</translation>
    </message>
    <message>
        <source>Open a database to begin.</source>
        <translation>打开一个数据库以开始。</translation>
    </message>
    <message>
        <source>Preparing the demo database…</source>
        <translation>正在准备演示数据库…</translation>
    </message>
    <message>
        <source>The demo database could not be created: %1</source>
        <translation>无法创建演示数据库：%1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>连接(&amp;C)…</translation>
    </message>
    <message>
        <source>Open &amp;Demo Database</source>
        <translation>打开演示数据库(&amp;D)</translation>
    </message>
    <message>
        <source>C&amp;lose Connection</source>
        <translation>关闭连接(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>查询(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run SQL</source>
        <translation>运行 SQL(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Filter Schema</source>
        <translation>筛选模式(&amp;F)</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Current connection</source>
        <translation>当前连接</translation>
    </message>
    <message>
        <source>No connection</source>
        <translation>无连接</translation>
    </message>
    <message>
        <source>Looking up the password for %1…</source>
        <translation>正在查找 %1 的密码…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接到 %1…</translation>
    </message>
    <message>
        <source>Connected to %1.</source>
        <translation>已连接到 %1。</translation>
    </message>
    <message>
        <source>Could not connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>Run SQL</source>
        <translation>运行 SQL</translation>
    </message>
    <message>
        <source>The language model is not usable: %1</source>
        <translation>语言模型无法使用：%1</translation>
    </message>
    <message>
        <source>Sample questions</source>
        <translation>示例问题</translation>
    </message>
    <message>
        <source>Try a sample question…</source>
        <translation>试试示例问题…</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>提问</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>案例</translation>
    </message>
    <message>
        <source>Open a database before asking a question.</source>
        <translation>请先打开一个数据库再提问。</translation>
    </message>
    <message>
        <source>The language model is not ready yet; try again shortly.</source>
        <translation>语言模型尚未就绪；请稍后再试。</translation>
    </message>
    <message>
        <source>The question could not be started.</source>
        <translation>无法开始这个提问。</translation>
    </message>
    <message>
        <source>Find in &amp;History</source>
        <translation>在历史记录中查找(&amp;H)</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>The question cannot be opened: %1</source>
        <translation>无法打开该问题：%1</translation>
    </message>
    <message>
        <source>The case store cannot be opened; answers are not saved: %1</source>
        <translation>无法打开案例存储；回答不会被保存：%1</translation>
    </message>
    <message>
        <source>This question was asked of %1, which is not open; connect to it to run the SQL.</source>
        <translation>该问题针对的是 %1，但它尚未打开；请先连接它再运行此 SQL。</translation>
    </message>
    <message>
        <source>The API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>The password for %1</source>
        <translation>%1 的密码</translation>
    </message>
    <message>
        <source>%1 is kept for this session only because %2; it will be asked for again after a restart.</source>
        <translation>%1 仅在本次会话中保存，因为%2；重启后会再次询问。</translation>
    </message>
    <message>
        <source>the job was cancelled</source>
        <translation>任务已取消</translation>
    </message>
    <message>
        <source>&amp;Ask</source>
        <translation>提问(&amp;A)</translation>
    </message>
    <message>
        <source>Run &amp;SQL</source>
        <translation>运行 SQL(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Question Box</source>
        <translation>问题输入框(&amp;Q)</translation>
    </message>
    <message>
        <source>E&amp;xport Result…</source>
        <translation>导出结果(&amp;X)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>The Desktop App</source>
        <translation>桌面应用</translation>
    </message>
    <message>
        <source>Pointing SQLMend at a Model</source>
        <translation>让 SQLMend 使用模型</translation>
    </message>
    <message>
        <source>Command Line</source>
        <translation>命令行</translation>
    </message>
    <message>
        <source>Error Classes</source>
        <translation>错误类别</translation>
    </message>
    <message>
        <source>Installing</source>
        <translation>安装</translation>
    </message>
    <message>
        <source>&amp;About SQLMend</source>
        <translation>关于 SQLMend(&amp;A)</translation>
    </message>
    <message>
        <source>&lt;p&gt;Built on Qt %1 (LGPLv3: Core, Widgets, Charts, Sql, Network, Concurrent, Svg), QtKeychain (BSD-3-Clause), libpg_query (BSD-3-Clause, with PostgreSQL&apos;s parser under the PostgreSQL Licence), libxlsxwriter (BSD-2-Clause) and SQLite (public domain), with the database drivers Debian ships for Qt.&lt;/p&gt;</source>
        <translation>&lt;p&gt;基于 Qt %1（LGPLv3：Core、Widgets、Charts、Sql、Network、Concurrent、Svg）、QtKeychain（BSD-3-Clause）、libpg_query（BSD-3-Clause，其中 PostgreSQL 的解析器采用 PostgreSQL 许可证）、libxlsxwriter（BSD-2-Clause）和 SQLite（公有领域），以及 Debian 为 Qt 提供的数据库驱动。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;SQLMend %1&lt;/h3&gt;&lt;p&gt;Ask a database a question in plain language; the model writes the SQL, SQLMend guards and runs it, and diagnoses and repairs what fails.&lt;/p&gt;&lt;p&gt;SQLMend&apos;s own code: MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;SQLMend %1&lt;/h3&gt;&lt;p&gt;用自然语言向数据库提问；模型编写 SQL，SQLMend 对其进行防护并运行，并诊断和修复失败之处。&lt;/p&gt;&lt;p&gt;SQLMend 自身的代码：MIT 许可证。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About SQLMend</source>
        <translation>关于 SQLMend</translation>
    </message>
    <message>
        <source>%1 — SQLMend</source>
        <translation>%1 — SQLMend</translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation>新对话(&amp;N)</translation>
    </message>
    <message>
        <source>Start a new conversation: the next question does not build on the earlier ones</source>
        <translation>开始新对话：下一个问题不再基于之前的问题</translation>
    </message>
    <message>
        <source>The question was not kept in its conversation: %1</source>
        <translation>这个问题未能保存到它的对话中：%1</translation>
    </message>
    <message>
        <source>A new conversation: the earlier questions were about another database.</source>
        <translation>新对话：之前的问题针对的是另一个数据库。</translation>
    </message>
    <message>
        <source>The conversation cannot be opened: %1</source>
        <translation>无法打开对话：%1</translation>
    </message>
    <message>
        <source>the question was asked alone</source>
        <translation>这个问题是单独提出的</translation>
    </message>
    <message numerus="yes">
        <source>Reopened a conversation of %n question(s); the next question continues it.</source>
        <translation>
            <numerusform>重新打开了一个含 %n 个问题的对话；下一个问题将继续它。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::NoteDialog</name>
    <message>
        <source>Note on Table %1</source>
        <translation>表 %1 的备注</translation>
    </message>
    <message>
        <source>Note on Column %1</source>
        <translation>列 %1 的备注</translation>
    </message>
    <message>
        <source>What this name means, in your words. The model sees the note next to the name, and a question using a synonym links it.</source>
        <translation>用你自己的话说明这个名称的含义。模型会在名称旁边看到这条备注，问题中用到同义词时会关联它。</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>e.g. One row per checkout; cancelled ones are kept</source>
        <translation>例如：每次结账一行；已取消的也保留</translation>
    </message>
    <message>
        <source>Synonyms</source>
        <translation>同义词</translation>
    </message>
    <message>
        <source>other words for it, separated by commas</source>
        <translation>它的其他叫法，用逗号分隔</translation>
    </message>
    <message>
        <source>Allowed values</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>the values it takes, separated by commas</source>
        <translation>它可能取的值，用逗号分隔</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>for a business measure, e.g. sum(total) where paid</source>
        <translation>用于业务指标，例如 sum(total) where paid</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>说明(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;Synonyms:</source>
        <translation>同义词(&amp;S)：</translation>
    </message>
    <message>
        <source>Allowed &amp;values:</source>
        <translation>取值(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Formula:</source>
        <translation>公式(&amp;F)：</translation>
    </message>
    <message>
        <source>Database comment: %1</source>
        <translation>数据库注释：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ResultExporter</name>
    <message>
        <source>the export job did not run</source>
        <translation>导出任务没有运行</translation>
    </message>
    <message>
        <source>Export cancelled.</source>
        <translation>导出已取消。</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n row(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 行导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the Rows</source>
        <translation>导出这些行</translation>
    </message>
    <message>
        <source>Export the Full Result</source>
        <translation>导出完整结果</translation>
    </message>
    <message>
        <source>Run Again and Export</source>
        <translation>重新运行并导出</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ResultGrid</name>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>Enter or a double click shows a whole value</source>
        <translation>按 Enter 或双击可查看完整值</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy with &amp;Headers</source>
        <translation>连同表头复制(&amp;H)</translation>
    </message>
    <message>
        <source>Copy as C&amp;SV</source>
        <translation>复制为 CSV(&amp;S)</translation>
    </message>
    <message>
        <source>Copy as &amp;Markdown</source>
        <translation>复制为 Markdown(&amp;M)</translation>
    </message>
    <message>
        <source>Copy as &amp;JSON</source>
        <translation>复制为 JSON(&amp;J)</translation>
    </message>
    <message>
        <source>Show the &amp;Whole Value…</source>
        <translation>显示完整值(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Fit Columns</source>
        <translation>适应列宽(&amp;F)</translation>
    </message>
    <message>
        <source>Clear Sorting and &amp;Filter</source>
        <translation>清除排序和筛选(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>%1, row %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>Copy &amp;As</source>
        <translation>复制为(&amp;A)</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ResultsView</name>
    <message>
        <source>Result rows</source>
        <translation>结果行</translation>
    </message>
    <message>
        <source>Row count</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Export progress</source>
        <translation>导出进度</translation>
    </message>
    <message>
        <source>Cancel Export</source>
        <translation>取消导出</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) written</source>
        <translation>
            <numerusform>已写入 %n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n 行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) so far…</source>
        <translation>
            <numerusform>目前已有 %n 行…</numerusform>
        </translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>正在导出…</translation>
    </message>
    <message>
        <source>Filter the loaded rows</source>
        <translation>筛选已加载的行</translation>
    </message>
    <message>
        <source>Filter the result rows</source>
        <translation>筛选结果行</translation>
    </message>
    <message>
        <source>What sorting and filtering see</source>
        <translation>排序和筛选所见的范围</translation>
    </message>
    <message>
        <source>&amp;Load All Rows</source>
        <translation>加载全部行(&amp;L)</translation>
    </message>
    <message>
        <source>Run the query again without the row cap, so that sorting, the filter and export see every row</source>
        <translation>不带行数上限重新运行查询，使排序、筛选和导出能看到每一行</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>导出(&amp;X)…</translation>
    </message>
    <message numerus="yes">
        <source>Sorting and the filter see only the %n loaded row(s).</source>
        <translation>
            <numerusform>排序和筛选只作用于已加载的 %n 行。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n row(s) match the filter.</source>
        <translation>
            <numerusform>%n 行中有 %1 行符合筛选条件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the rows the grid shows (CSV, Excel, JSON, JSON Lines, Markdown)</source>
        <translation>导出表格中显示的行（CSV、Excel、JSON、JSON Lines、Markdown）</translation>
    </message>
    <message>
        <source>Export the full result: the query runs again, because the grid holds only its first rows</source>
        <translation>导出完整结果：查询会重新运行，因为表格只包含其前几行</translation>
    </message>
    <message numerus="yes">
        <source>First %n row(s) shown; the result has more (an export runs the query again for all of them)</source>
        <translation>
            <numerusform>显示前 %n 行；结果还有更多（导出时会重新运行查询以取得全部）</numerusform>
        </translation>
    </message>
    <message>
        <source>Exporting the rows…</source>
        <translation>正在导出这些行…</translation>
    </message>
    <message>
        <source>Running the query again for the full result…</source>
        <translation>正在重新运行查询以取得完整结果…</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::RunSqlPanel</name>
    <message>
        <source>SQL editor</source>
        <translation>SQL 编辑器</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run SQL</source>
        <translation>运行 SQL</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Stop the running query (Esc or Ctrl+.)</source>
        <translation>停止正在运行的查询（Esc 或 Ctrl+.）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Run status</source>
        <translation>运行状态</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Diagnosis</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Nothing to run: the editor is empty.</source>
        <translation>没有可运行的内容：编辑器为空。</translation>
    </message>
    <message>
        <source>Open a connection first.</source>
        <translation>请先打开一个连接。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Done in %1 ms.</source>
        <translation>完成，用时 %1 毫秒。</translation>
    </message>
    <message>
        <source>Stopped after %1 ms.</source>
        <translation>%1 毫秒后已停止。</translation>
    </message>
    <message>
        <source>Refused: the statement is not read-only.</source>
        <translation>已拒绝：该语句不是只读的。</translation>
    </message>
    <message>
        <source>Stopped by the time limit after %1 ms.</source>
        <translation>%1 毫秒后因时间限制而停止。</translation>
    </message>
    <message>
        <source>The database rejected the query.</source>
        <translation>数据库拒绝了该查询。</translation>
    </message>
    <message>
        <source>Write a read-only query and press Ctrl+Enter to run it (the selection, or the statement under the cursor).</source>
        <translation>编写一个只读查询，按 Ctrl+Enter 运行（选中的文本，或光标所在的语句）。</translation>
    </message>
    <message>
        <source>Run the selection, or the statement under the cursor (Ctrl+Enter)</source>
        <translation>运行选中的文本，或光标所在的语句（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>Hist&amp;ory</source>
        <translation>历史(&amp;O)</translation>
    </message>
    <message>
        <source>The statements run on this connection</source>
        <translation>在此连接上运行过的语句</translation>
    </message>
    <message>
        <source>%1 now reads %2; Ctrl+Z undoes it.</source>
        <translation>%1 现在写作 %2；Ctrl+Z 可撤销。</translation>
    </message>
    <message>
        <source>The editor no longer holds %1.</source>
        <translation>编辑器中已不再包含 %1。</translation>
    </message>
    <message>
        <source>The connection was closed; the query was stopped.</source>
        <translation>连接已关闭；查询已停止。</translation>
    </message>
    <message>
        <source>No statements run on this connection yet</source>
        <translation>此连接上还没有运行过语句</translation>
    </message>
    <message>
        <source>Clear This Connection&apos;s History</source>
        <translation>清除此连接的历史</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::SaveFileDialog</name>
    <message>
        <source>%1 (*.%2)</source>
        <translation>%1 (*.%2)</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::SchemaDock</name>
    <message>
        <source>Schema</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Filter tables and columns (Ctrl+F)</source>
        <translation>筛选表和列（Ctrl+F）</translation>
    </message>
    <message>
        <source>Schema filter</source>
        <translation>模式筛选</translation>
    </message>
    <message>
        <source>Schema tree</source>
        <translation>模式树</translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation>无法加载：%1</translation>
    </message>
    <message>
        <source>Preview Rows</source>
        <translation>预览行</translation>
    </message>
    <message>
        <source>Copy Name</source>
        <translation>复制名称</translation>
    </message>
    <message>
        <source>Insert into Editor</source>
        <translation>插入到编辑器</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Esc clears the filter</source>
        <translation>Esc 清除筛选</translation>
    </message>
    <message>
        <source>Filter result</source>
        <translation>筛选结果</translation>
    </message>
    <message>
        <source>No table or column matches “%1” in the loaded schemas (Esc clears the filter).</source>
        <translation>在已加载的模式中没有与“%1”匹配的表或列（Esc 清除筛选）。</translation>
    </message>
    <message>
        <source>The mark of %1 could not be kept: %2</source>
        <translation>无法保存 %1 的标记：%2</translation>
    </message>
    <message>
        <source>there is no case store</source>
        <translation>没有案例库</translation>
    </message>
    <message>
        <source>the case store did not answer</source>
        <translation>案例库没有响应</translation>
    </message>
    <message>
        <source>Unpin Table</source>
        <translation>取消固定表</translation>
    </message>
    <message>
        <source>Give the table to the model only when the question needs it</source>
        <translation>只在问题需要时才把这个表提供给模型</translation>
    </message>
    <message>
        <source>Pin Table</source>
        <translation>固定表</translation>
    </message>
    <message>
        <source>Always give this table to the model for this connection</source>
        <translation>对此连接总是把这个表提供给模型</translation>
    </message>
    <message>
        <source>Include Table</source>
        <translation>包含表</translation>
    </message>
    <message>
        <source>Let the model and the repairs use this table again</source>
        <translation>让模型和修复重新使用这个表</translation>
    </message>
    <message>
        <source>Exclude Table</source>
        <translation>排除表</translation>
    </message>
    <message>
        <source>Never give this table to the model, nor let a repair read it</source>
        <translation>从不把这个表提供给模型，也不让修复读取它</translation>
    </message>
    <message>
        <source>The notes cannot be read: %1</source>
        <translation>无法读取备注：%1</translation>
    </message>
    <message>
        <source>Edit Note…</source>
        <translation>编辑备注…</translation>
    </message>
    <message>
        <source>Glossary…</source>
        <translation>术语表…</translation>
    </message>
    <message>
        <source>The note on %1 was not saved: %2</source>
        <translation>%1 上的备注未保存：%2</translation>
    </message>
    <message>
        <source>The glossary was not saved: %1</source>
        <translation>术语表未保存：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::SchemaTreeModel</name>
    <message>
        <source>%1 not null</source>
        <translation>%1 非空</translation>
    </message>
    <message>
        <source>view</source>
        <translation>视图</translation>
    </message>
    <message numerus="yes">
        <source>≈ %n row(s)</source>
        <translation>
            <numerusform>≈ %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>%1.%2</source>
        <translation>%1.%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Primary key (position %1)</source>
        <translation>主键（位置 %1）</translation>
    </message>
    <message>
        <source>References %1</source>
        <translation>引用 %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Pinned: always given to the model</source>
        <translation>已固定：总是提供给模型</translation>
    </message>
    <message>
        <source>Excluded: never given to the model, nor read by a repair</source>
        <translation>已排除：从不提供给模型，修复也不读取</translation>
    </message>
    <message>
        <source>%1 · pinned</source>
        <translation>%1 · 已固定</translation>
    </message>
    <message>
        <source>%1 · excluded</source>
        <translation>%1 · 已排除</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>Also called: %1</source>
        <translation>又称：%1</translation>
    </message>
    <message>
        <source>Values: %1</source>
        <translation>取值：%1</translation>
    </message>
    <message>
        <source>Formula: %1</source>
        <translation>公式：%1</translation>
    </message>
    <message>
        <source>Comment: %1</source>
        <translation>注释：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::Session</name>
    <message>
        <source>The connection was closed.</source>
        <translation>连接已关闭。</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Model provider</source>
        <translation>模型提供方</translation>
    </message>
    <message>
        <source>Custom (OpenAI-compatible)</source>
        <translation>自定义（OpenAI 兼容）</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>提供方(&amp;P)：</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>&amp;Base URL:</source>
        <translation>基础 URL(&amp;B)：</translation>
    </message>
    <message>
        <source>Model name</source>
        <translation>模型名称</translation>
    </message>
    <message>
        <source>e.g. qwen2.5-coder:7b</source>
        <translation>例如 qwen2.5-coder:7b</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Not needed for local servers</source>
        <translation>本地服务器无需填写</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>Keychain status</source>
        <translation>钥匙串状态</translation>
    </message>
    <message>
        <source>Maximum corrections</source>
        <translation>最大纠正次数</translation>
    </message>
    <message>
        <source>Max &amp;corrections:</source>
        <translation>最大纠正次数(&amp;C)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source>Statement timeout</source>
        <translation>语句超时</translation>
    </message>
    <message>
        <source>&amp;Statement timeout:</source>
        <translation>语句超时(&amp;S)：</translation>
    </message>
    <message>
        <source>Model timeout</source>
        <translation>模型超时</translation>
    </message>
    <message>
        <source>Model &amp;timeout:</source>
        <translation>模型超时(&amp;T)：</translation>
    </message>
    <message>
        <source>Empty result policy</source>
        <translation>空结果策略</translation>
    </message>
    <message>
        <source>Suspicious: one more round with advice</source>
        <translation>视为可疑：附带建议再进行一轮</translation>
    </message>
    <message>
        <source>Accept as an answer</source>
        <translation>作为答案接受</translation>
    </message>
    <message>
        <source>&amp;Empty result:</source>
        <translation>空结果(&amp;E)：</translation>
    </message>
    <message>
        <source>Send sample &amp;values to the model</source>
        <translation>向模型发送样本值(&amp;V)</translation>
    </message>
    <message>
        <source>Off: no row values ever go into a prompt.</source>
        <translation>关闭：任何行值都不会进入提示词。</translation>
    </message>
    <message>
        <source>Case store location</source>
        <translation>案例存储位置</translation>
    </message>
    <message>
        <source>Default (a SQLite file in the app&apos;s data folder)</source>
        <translation>默认（应用数据文件夹中的一个 SQLite 文件）</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>浏览(&amp;W)…</translation>
    </message>
    <message>
        <source>Case s&amp;tore:</source>
        <translation>案例存储(&amp;T)：</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>A new language applies after a restart.</source>
        <translation>新语言将在重启后生效。</translation>
    </message>
    <message>
        <source>Case Store</source>
        <translation>案例存储</translation>
    </message>
    <message>
        <source>SQLite database (*.db *.sqlite)</source>
        <translation>SQLite 数据库 (*.db *.sqlite)</translation>
    </message>
    <message>
        <source>The API key is stored in the system keychain.</source>
        <translation>API 密钥保存在系统钥匙串中。</translation>
    </message>
    <message>
        <source>The API key is kept for this session only because %1.</source>
        <translation>API 密钥仅在本次会话中保留，因为%1。</translation>
    </message>
    <message>
        <source>Demo (recorded answers, no model)</source>
        <translation>演示（录制的回答，无模型）</translation>
    </message>
    <message>
        <source>Which model answers</source>
        <translation>由哪个模型回答</translation>
    </message>
    <message>
        <source>T&amp;est Model</source>
        <translation>测试模型(&amp;E)</translation>
    </message>
    <message>
        <source>Send one tiny request and report the model&apos;s name, the latency, and whether streaming and token usage work</source>
        <translation>发送一个很小的请求，报告模型名称、延迟，以及流式输出和令牌用量是否可用</translation>
    </message>
    <message>
        <source>Model test result</source>
        <translation>模型测试结果</translation>
    </message>
    <message>
        <source> rows</source>
        <translation> 行</translation>
    </message>
    <message>
        <source>Rows fetched into the grid</source>
        <translation>取入表格的行数</translation>
    </message>
    <message>
        <source>Run SQL fetches at most this many rows; Load All fetches the rest</source>
        <translation>运行 SQL 最多取这么多行；“加载全部行”取其余的行</translation>
    </message>
    <message>
        <source>&amp;Grid rows:</source>
        <translation>表格行数(&amp;G)：</translation>
    </message>
    <message>
        <source>The recorded demo answers its sample questions on the demo database; no model is asked.</source>
        <translation>录制的演示会在演示数据库上回答其示例问题；不会询问任何模型。</translation>
    </message>
    <message>
        <source>No model is named yet, so the recorded demo answers until one is.</source>
        <translation>尚未指定模型，因此在指定之前由录制的演示回答。</translation>
    </message>
    <message>
        <source>Asking %1…</source>
        <translation>正在询问 %1…</translation>
    </message>
    <message>
        <source>the model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <source>Conversation budget</source>
        <translation>对话预算</translation>
    </message>
    <message>
        <source>A follow-up sends the earlier questions, their SQL and columns (never rows) up to this size; older questions are shortened to the question, then left out.</source>
        <translation>追问会发送之前的问题、它们的 SQL 和列名（绝不发送行），总量不超过这个大小；更早的问题先缩短为只有问题，再被省略。</translation>
    </message>
    <message>
        <source>C&amp;onversation budget:</source>
        <translation>对话预算(&amp;O)：</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::TimelineView</name>
    <message numerus="yes">
        <source>Answered after %n attempt(s)</source>
        <translation>
            <numerusform>经过 %n 次尝试后得到答案</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Gave up after %n attempt(s)</source>
        <translation>
            <numerusform>经过 %n 次尝试后放弃</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Gave up after %n attempt(s): %1</source>
        <translation>
            <numerusform>经过 %n 次尝试后放弃：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped at a terminal error</source>
        <translation>因终止性错误而停止</translation>
    </message>
    <message>
        <source>Stopped at a terminal error: %1</source>
        <translation>因终止性错误而停止：%1</translation>
    </message>
    <message>
        <source>Stopped by the user</source>
        <translation>已被用户停止</translation>
    </message>
    <message>
        <source>Stopped by the time limit</source>
        <translation>因时间限制而停止</translation>
    </message>
    <message>
        <source>Retry timeline</source>
        <translation>重试时间线</translation>
    </message>
    <message>
        <source>Question of the timeline</source>
        <translation>时间线的问题</translation>
    </message>
    <message>
        <source>Ask a question: each attempt at it appears here, with its error, class and advice.</source>
        <translation>提出一个问题：针对它的每次尝试都会显示在这里，包括错误、类别和建议。</translation>
    </message>
    <message>
        <source>%1 — %2 (from history)</source>
        <translation>%1 — %2（来自历史记录）</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>处理中…</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Stopped: %1</source>
        <translation>已停止：%1</translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ValueViewer</name>
    <message>
        <source>Value summary</source>
        <translation>值摘要</translation>
    </message>
    <message>
        <source>Show the value as</source>
        <translation>值的显示方式</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <source>&amp;Show as:</source>
        <translation>显示为(&amp;S)：</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Value of %1</source>
        <translation>%1 的值</translation>
    </message>
    <message>
        <source>… %1 more bytes not shown</source>
        <translation>… 还有 %1 字节未显示</translation>
    </message>
    <message>
        <source>NULL: no value</source>
        <translation>NULL：没有值</translation>
    </message>
    <message numerus="yes">
        <source>Binary data, %n byte(s)</source>
        <translation>
            <numerusform>二进制数据，%n 字节</numerusform>
        </translation>
    </message>
    <message>
        <source>An empty string</source>
        <translation>空字符串</translation>
    </message>
    <message numerus="yes">
        <source>Text, %n character(s)</source>
        <translation>
            <numerusform>文本，%n 个字符</numerusform>
        </translation>
    </message>
    <message>
        <source>(not valid JSON; shown as text)</source>
        <translation>（不是有效的 JSON；以文本显示）</translation>
    </message>
</context>
</TS>
