<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>sqlmend::app</name>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n case</numerusform>
            <numerusform>%n cases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) exported</source>
        <translation>
            <numerusform>%n case exported</numerusform>
            <numerusform>%n cases exported</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) exported to %1</source>
        <translation>
            <numerusform>%n case exported to %1</numerusform>
            <numerusform>%n cases exported to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) imported</source>
        <translation>
            <numerusform>%n case imported</numerusform>
            <numerusform>%n cases imported</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) skipped: the store has them already</source>
        <translation>
            <numerusform>%n case skipped: the store has them already</numerusform>
            <numerusform>%n cases skipped: the store has them already</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>sqlmend run: %n row(s) written to %1</source>
        <translation>
            <numerusform>sqlmend run: %n row written to %1</numerusform>
            <numerusform>sqlmend run: %n rows written to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2, about %n row(s))</source>
        <translation>
            <numerusform>%1 (%2, about %n row)</numerusform>
            <numerusform>%1 (%2, about %n rows)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>schema %1: %n table(s) or view(s)</source>
        <translation>
            <numerusform>schema %1: %n table or view</numerusform>
            <numerusform>schema %1: %n tables or views</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conversation(s)</source>
        <translation>
            <numerusform>%n conversation</numerusform>
            <numerusform>%n conversations</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n note</numerusform>
            <numerusform>%n notes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n glossary term(s)</source>
        <translation>
            <numerusform>%n glossary term</numerusform>
            <numerusform>%n glossary terms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) exported</source>
        <translation>
            <numerusform>%n line exported</numerusform>
            <numerusform>%n lines exported</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s) or term(s) imported</source>
        <translation>
            <numerusform>%n note or term imported</numerusform>
            <numerusform>%n notes or terms imported</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>sqlmend run: stopped at %n row(s) (--max-rows); the result has more rows</source>
        <translation>
            <numerusform>sqlmend run: stopped at %n row (--max-rows); the result has more rows</numerusform>
            <numerusform>sqlmend run: stopped at %n rows (--max-rows); the result has more rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::Advisor</name>
    <message numerus="yes">
        <source>The tables are: %1, and %n more.</source>
        <translation>
            <numerusform>The tables are: %1, and %n more.</numerusform>
            <numerusform>The tables are: %1, and %n more.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 opens a parenthesis that is never closed: the statement has %n %2 fewer than %3. Close it where what it holds ends.</source>
        <translation>
            <numerusform>%1 opens a parenthesis that is never closed: the statement has %n %2 fewer than %3. Close it where what it holds ends.</numerusform>
            <numerusform>%1 opens a parenthesis that is never closed: the statement has %n %2 fewer than %3. Close it where what it holds ends.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, and %n more</source>
        <translation>
            <numerusform>%1, and %n more</numerusform>
            <numerusform>%1, and %n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The query reads %1 %n times under that one name, so %2 could come from any of them. If the question needs the table once, read it once; otherwise give each its own alias (%3) and qualify the column with the one it should come from.</source>
        <translation>
            <numerusform>The query reads %1 %n times under that one name, so %2 could come from any of them. If the question needs the table once, read it once; otherwise give each its own alias (%3) and qualify the column with the one it should come from.</numerusform>
            <numerusform>The query reads %1 %n times under that one name, so %2 could come from any of them. If the question needs the table once, read it once; otherwise give each its own alias (%3) and qualify the column with the one it should come from.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ChartSuggestion</name>
    <message numerus="yes">
        <source>%1 draws one series and %n are chosen; choose %2 to draw them all.</source>
        <translation>
            <numerusform>%1 draws one series and %n is chosen; choose %2 to draw it.</numerusform>
            <numerusform>%1 draws one series and %n are chosen; choose %2 to draw them all.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A pie of %n slices cannot be read; choose a bar chart.</source>
        <translation>
            <numerusform>A pie of %n slice cannot be read; choose a bar chart.</numerusform>
            <numerusform>A pie of %n slices cannot be read; choose a bar chart.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ClickHouseConnection</name>
    <message numerus="yes">
        <source>The connection to %1 was closed after %n byte(s) of the response.</source>
        <translation>
            <numerusform>The connection to %1 was closed after %n byte of the response.</numerusform>
            <numerusform>The connection to %1 was closed after %n bytes of the response.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ConnectionDoctor</name>
    <message numerus="yes">
        <source>owns %n table(s)</source>
        <translation>
            <numerusform>owns %n table</numerusform>
            <numerusform>owns %n tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>may write to %n table(s)</source>
        <translation>
            <numerusform>may write to %n table</numerusform>
            <numerusform>may write to %n tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>may create objects in %n schema(s)</source>
        <translation>
            <numerusform>may create objects in %n schema</numerusform>
            <numerusform>may create objects in %n schemas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 may read none of the %n table(s) here.</source>
        <translation>
            <numerusform>%1 may read none of the %n table here.</numerusform>
            <numerusform>%1 may read none of the %n tables here.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ConversationStore</name>
    <message numerus="yes">
        <source>a conversation&apos;s name has at most %n character(s)</source>
        <translation>
            <numerusform>a conversation&apos;s name has at most %n character</numerusform>
            <numerusform>a conversation&apos;s name has at most %n characters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ExportJob</name>
    <message numerus="yes">
        <source>The export was cancelled after %n row(s).</source>
        <translation>
            <numerusform>The export was cancelled after %n row.</numerusform>
            <numerusform>The export was cancelled after %n rows.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::HttpLlmCall</name>
    <message numerus="yes">
        <source>Could not connect to %1 within %n ms.</source>
        <translation>
            <numerusform>Could not connect to %1 within %n ms.</numerusform>
            <numerusform>Could not connect to %1 within %n ms.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model server&apos;s reply is larger than %n bytes; it was stopped.</source>
        <translation>
            <numerusform>The model server&apos;s reply is larger than %n byte; it was stopped.</numerusform>
            <numerusform>The model server&apos;s reply is larger than %n bytes; it was stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model&apos;s answer grew beyond %n characters; it was stopped.</source>
        <translation>
            <numerusform>The model&apos;s answer grew beyond %n character; it was stopped.</numerusform>
            <numerusform>The model&apos;s answer grew beyond %n characters; it was stopped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model server at %1 sent nothing for %n ms.</source>
        <translation>
            <numerusform>The model server at %1 sent nothing for %n ms.</numerusform>
            <numerusform>The model server at %1 sent nothing for %n ms.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (gave up after %n network retries)</source>
        <translation>
            <numerusform>%1 (gave up after %n network retry)</numerusform>
            <numerusform>%1 (gave up after %n network retries)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ModelBenchReport</name>
    <message numerus="yes">
        <source>The model could not be used (%1); stopped after %n question(s). %2</source>
        <translation>
            <numerusform>The model could not be used (%1); stopped after %n question. %2</numerusform>
            <numerusform>The model could not be used (%1); stopped after %n questions. %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ModelProbeResult</name>
    <message numerus="yes">
        <source>Streaming works (%n piece(s)).</source>
        <translation>
            <numerusform>Streaming works (%n piece).</numerusform>
            <numerusform>Streaming works (%n pieces).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::ResultModel</name>
    <message numerus="yes">
        <source>BLOB (%n byte(s))</source>
        <translation>
            <numerusform>BLOB (%n byte)</numerusform>
            <numerusform>BLOB (%n bytes)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::RowSource</name>
    <message numerus="yes">
        <source>The export was cancelled after %n row(s).</source>
        <translation>
            <numerusform>The export was cancelled after %n row.</numerusform>
            <numerusform>The export was cancelled after %n rows.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::SseParser</name>
    <message numerus="yes">
        <source>The event stream sent a line longer than %n bytes.</source>
        <translation>
            <numerusform>The event stream sent a line longer than %n byte.</numerusform>
            <numerusform>The event stream sent a line longer than %n bytes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The event stream sent an event larger than %n bytes.</source>
        <translation>
            <numerusform>The event stream sent an event larger than %n byte.</numerusform>
            <numerusform>The event stream sent an event larger than %n bytes.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::core::StatementGuard</name>
    <message numerus="yes">
        <source>Only one statement may run at a time, but the query holds %n statements; send them one by one.</source>
        <translation>
            <numerusform>Only one statement may run at a time, but the query holds %n statement; send them one by one.</numerusform>
            <numerusform>Only one statement may run at a time, but the query holds %n statements; send them one by one.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Only one statement may run at a time, but the query holds %n statements.</source>
        <translation>
            <numerusform>Only one statement may run at a time, but the query holds %n statement.</numerusform>
            <numerusform>Only one statement may run at a time, but the query holds %n statements.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::AttemptCard</name>
    <message numerus="yes">
        <source>%1 ms · %n token(s)</source>
        <translation>
            <numerusform>%1 ms · %n token</numerusform>
            <numerusform>%1 ms · %n tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Schema given to the model: %n table(s)</source>
        <translation>
            <numerusform>Schema given to the model: %n table</numerusform>
            <numerusform>Schema given to the model: %n tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%n column(s)): %2</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%n column): %2</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%n columns): %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::CaseImportCommand</name>
    <message numerus="yes">
        <source>Import %n case(s)</source>
        <translation>
            <numerusform>Import %n case</numerusform>
            <numerusform>Import %n cases</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::CaseLibraryWidget</name>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n case</numerusform>
            <numerusform>%n cases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) had changed meanwhile and were left as they are.</source>
        <translation>
            <numerusform>%n case had changed meanwhile and were left as they are.</numerusform>
            <numerusform>%n cases had changed meanwhile and were left as they are.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more bad line(s)</source>
        <translation>
            <numerusform>… and %n more bad line</numerusform>
            <numerusform>… and %n more bad lines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Imported %n case(s).</source>
        <translation>
            <numerusform>Imported %n case.</numerusform>
            <numerusform>Imported %n cases.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n got a new id because theirs was taken.</source>
        <translation>
            <numerusform>%1 %n got a new id because its id was taken.</numerusform>
            <numerusform>%1 %n got a new id because theirs was taken.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n skipped: the store has them already.</source>
        <translation>
            <numerusform>%1 %n skipped: the store has it already.</numerusform>
            <numerusform>%1 %n skipped: the store has them already.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n bad line(s) skipped (listed below).</source>
        <translation>
            <numerusform>%1 %n bad line skipped (listed below).</numerusform>
            <numerusform>%1 %n bad lines skipped (listed below).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n case(s) to %1.</source>
        <translation>
            <numerusform>Exported %n case to %1.</numerusform>
            <numerusform>Exported %n cases to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ChartPanel</name>
    <message numerus="yes">
        <source>Only the %n row(s) loaded so far are drawn.</source>
        <translation>
            <numerusform>Only the %n row loaded so far are drawn.</numerusform>
            <numerusform>Only the %n rows loaded so far are drawn.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ChatPanel</name>
    <message numerus="yes">
        <source>Answered after %n attempt(s); run its SQL again for the rows.</source>
        <translation>
            <numerusform>Answered after %n attempt; run its SQL again for the rows.</numerusform>
            <numerusform>Answered after %n attempts; run its SQL again for the rows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attempt(s)</source>
        <translation>
            <numerusform>%n attempt</numerusform>
            <numerusform>%n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The question is too long (%n character(s)); at most %1 are sent.</source>
        <translation>
            <numerusform>The question is too long (%n character); at most %1 are sent.</numerusform>
            <numerusform>The question is too long (%n characters); at most %1 are sent.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the first %n row(s) of more</source>
        <translation>
            <numerusform>the first %n row of more</numerusform>
            <numerusform>the first %n rows of more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::FindBar</name>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>%n replaced</numerusform>
            <numerusform>%n replaced</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::HistoryModel</name>
    <message numerus="yes">
        <source>%1
%2 · %3 · %4 · %n attempt(s)</source>
        <translation>
            <numerusform>%1
%2 · %3 · %4 · %n attempt</numerusform>
            <numerusform>%1
%2 · %3 · %4 · %n attempts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::HistoryPanel</name>
    <message numerus="yes">
        <source>%n question(s)</source>
        <translation>
            <numerusform>%n question</numerusform>
            <numerusform>%n questions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::KeychainSecretStore</name>
    <message numerus="yes">
        <source>the keychain did not answer within %n millisecond(s)</source>
        <translation>
            <numerusform>the keychain did not answer within %n millisecond</numerusform>
            <numerusform>the keychain did not answer within %n milliseconds</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::MainWindow</name>
    <message numerus="yes">
        <source>Reopened a conversation of %n question(s); the next question continues it.</source>
        <translation>
            <numerusform>Reopened a conversation of %n question; the next question continues it.</numerusform>
            <numerusform>Reopened a conversation of %n questions; the next question continues it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ResultExporter</name>
    <message numerus="yes">
        <source>Exported %n row(s) to %1.</source>
        <translation>
            <numerusform>Exported %n row to %1.</numerusform>
            <numerusform>Exported %n rows to %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ResultsView</name>
    <message numerus="yes">
        <source>%n row(s) written</source>
        <translation>
            <numerusform>%n row written</numerusform>
            <numerusform>%n rows written</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Sorting and the filter see only the %n loaded row(s).</source>
        <translation>
            <numerusform>Sorting and the filter see only the %n loaded row.</numerusform>
            <numerusform>Sorting and the filter see only the %n loaded rows.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n row(s) match the filter.</source>
        <translation>
            <numerusform>%1 of %n row match the filter.</numerusform>
            <numerusform>%1 of %n rows match the filter.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s)</source>
        <translation>
            <numerusform>%n row</numerusform>
            <numerusform>%n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>First %n row(s) shown; the result has more (an export runs the query again for all of them)</source>
        <translation>
            <numerusform>First %n row shown; the result has more (an export runs the query again for all of them)</numerusform>
            <numerusform>First %n rows shown; the result has more (an export runs the query again for all of them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) so far…</source>
        <translation>
            <numerusform>%n row so far…</numerusform>
            <numerusform>%n rows so far…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::SchemaTreeModel</name>
    <message numerus="yes">
        <source>≈ %n row(s)</source>
        <translation>
            <numerusform>≈ %n row</numerusform>
            <numerusform>≈ %n rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::TimelineView</name>
    <message numerus="yes">
        <source>Answered after %n attempt(s)</source>
        <translation>
            <numerusform>Answered after %n attempt</numerusform>
            <numerusform>Answered after %n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Gave up after %n attempt(s)</source>
        <translation>
            <numerusform>Gave up after %n attempt</numerusform>
            <numerusform>Gave up after %n attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Gave up after %n attempt(s): %1</source>
        <translation>
            <numerusform>Gave up after %n attempt: %1</numerusform>
            <numerusform>Gave up after %n attempts: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>sqlmend::ui::ValueViewer</name>
    <message numerus="yes">
        <source>Binary data, %n byte(s)</source>
        <translation>
            <numerusform>Binary data, %n byte</numerusform>
            <numerusform>Binary data, %n bytes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Text, %n character(s)</source>
        <translation>
            <numerusform>Text, %n character</numerusform>
            <numerusform>Text, %n characters</numerusform>
        </translation>
    </message>
</context>
</TS>
