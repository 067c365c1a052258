#include "core/loop/promptbuilder.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_PromptBuilder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void dialectNotes_data();
    void dialectNotes();
    void firstPromptHasNoHistory();
    void historyNamesEverything();
    void placeholdersInValuesStayLiteral();
    void sampleRowsOnlyWhenGiven();
    void languageVariant_data();
    void languageVariant();
    void adviceCanBeLeftOut_data();
    void adviceCanBeLeftOut();

private:
    static LoopAttempt failedAttempt();
};

LoopAttempt tst_PromptBuilder::failedAttempt()
{
    LoopAttempt attempt;
    attempt.index = 0;
    attempt.sql = u"SELECT user_name FROM users"_s;
    attempt.outcome = AttemptOutcome::Error;
    Diagnosis diagnosis;
    diagnosis.classification.errorClass = ErrorClass::ColumnMissing;
    diagnosis.error.rootCause = u"no such column: user_name"_s;
    diagnosis.advice.nextStep = u"Use username."_s;
    attempt.diagnosis = diagnosis;
    attempt.advice = u"Query failed: a column is missing. Advice: use username"_s;
    return attempt;
}

void tst_PromptBuilder::dialectNotes_data()
{
    QTest::addColumn<Engine>("engine");
    QTest::addColumn<QString>("expected");
    QTest::newRow("sqlite") << Engine::SQLite << u"strftime"_s;
    QTest::newRow("postgresql") << Engine::PostgreSQL << u"::numeric"_s;
    QTest::newRow("mysql") << Engine::MySQL << u"backticks"_s;
    QTest::newRow("limit") << Engine::SQLite << u"LIMIT 10"_s;
    QTest::newRow("clickhouse today") << Engine::ClickHouse << u"today()"_s;
    QTest::newRow("clickhouse casts") << Engine::ClickHouse << u"toInt64OrNull(x)"_s;
    QTest::newRow("clickhouse distributed") << Engine::ClickHouse << u"GLOBAL JOIN"_s;
    QTest::newRow("clickhouse keys") << Engine::ClickHouse << u"no unique or foreign keys"_s;
    QTest::newRow("clickhouse limit") << Engine::ClickHouse << u"LIMIT 10"_s;
}

void tst_PromptBuilder::dialectNotes()
{
    QFETCH(Engine, engine);
    QFETCH(QString, expected);
    PromptInput input;
    input.engine = engine;
    input.question = u"How many users?"_s;
    const ChatRequest request = PromptBuilder().build(input);
    QCOMPARE(request.messages.size(), 2);
    QCOMPARE(request.messages.at(0).role, ChatRole::System);
    QVERIFY(request.messages.at(0).content.contains(engineDisplayName(engine)));
    QVERIFY2(request.messages.at(1).content.contains(expected),
             qPrintable(request.messages.at(1).content));
}

void tst_PromptBuilder::firstPromptHasNoHistory()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"Who spent most?"_s;
    input.schemaText = u"users(id INTEGER PK, username TEXT)"_s;
    input.examples = {{u"How many users?"_s, u"SELECT count(*) FROM users"_s}};
    const QString text = PromptBuilder().userText(input);
    QVERIFY(text.contains(u"users(id INTEGER PK, username TEXT)"_s));
    QVERIFY(text.contains(u"SELECT count(*) FROM users"_s));
    QVERIFY(text.endsWith(u"Question: Who spent most?"_s));
    QVERIFY(!text.contains(u"Earlier attempts"_s));
    QVERIFY(!text.contains(u"{{"_s));
}

void tst_PromptBuilder::historyNamesEverything()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"Who spent most?"_s;
    input.history = {failedAttempt()};
    input.triedSql = {u"SELECT user_name FROM users"_s};
    const QString text = PromptBuilder().userText(input);
    QVERIFY(text.contains(u"Attempt 1 (llm)"_s));
    QVERIFY(text.contains(u"SELECT user_name FROM users"_s));
    QVERIFY(text.contains(u"Class: column_missing"_s));
    QVERIFY(text.contains(u"Root cause: no such column: user_name"_s));
    QVERIFY(text.contains(u"Advice: Query failed: a column is missing. Advice: use username"_s));
    QVERIFY(text.contains(u"- SELECT user_name FROM users"_s));
    QVERIFY(!text.contains(u"{{"_s));
}

void tst_PromptBuilder::placeholdersInValuesStayLiteral()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"What is {{schema}}?"_s;
    input.schemaText = u"t(a)"_s;
    const QString text = PromptBuilder().userText(input);
    QVERIFY(text.contains(u"Question: What is {{schema}}?"_s));
}

void tst_PromptBuilder::sampleRowsOnlyWhenGiven()
{
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"Which user?"_s;
    input.history = {failedAttempt()};
    QVERIFY(!PromptBuilder().userText(input).contains(u"zebra-42"_s));
    input.samples =
            QList<TableSample>{{u"users"_s, {u"id"_s, u"username"_s}, {{1, u"zebra-42"_s}}}};
    const QString text = PromptBuilder().userText(input);
    QVERIFY(text.contains(u"Sample values"_s));
    QVERIFY(text.contains(u"1 | zebra-42"_s));
}

void tst_PromptBuilder::languageVariant_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("writeVariant");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("questionLabel");
    QTest::newRow("variant present") << u"zh_CN"_s << true << u"用中文"_s << u"问题："_s;
    QTest::newRow("built-in variant") << u"zh_CN"_s << false << u"你为一个"_s << u"问题："_s;
    QTest::newRow("variant missing")
            << u"de_DE"_s << false << u"You write SQL"_s << u"Question: "_s;
    QTest::newRow("no language") << QString() << true << u"You write SQL"_s << u"Question: "_s;
}

void tst_PromptBuilder::languageVariant()
{
    QFETCH(QString, language);
    QFETCH(bool, writeVariant);
    QFETCH(QString, expected);
    QFETCH(QString, questionLabel);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    if (writeVariant) {
        QFile file(dir.filePath(u"system_zh_CN.md"_s));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(u"你为 {{dialect}} 写 SQL，用中文解释。"_s.toUtf8());
    }
    PromptInput input;
    input.engine = Engine::PostgreSQL;
    input.question = u"每个城市有多少用户？"_s;
    const QString system = PromptBuilder(language, dir.path()).systemText(input);
    QVERIFY2(system.contains(expected), qPrintable(system));
    QVERIFY(system.contains(u"PostgreSQL"_s));
    // Templates the folder lacks come from the built-in set.
    const QString user = PromptBuilder(language, dir.path()).userText(input);
    QVERIFY2(user.contains(questionLabel), qPrintable(user));
}

void tst_PromptBuilder::adviceCanBeLeftOut_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("adviceLabel");
    QTest::addColumn<QString>("causeLabel");
    QTest::addColumn<QString>("adviceWord"); // any mention of advice at all
    QTest::newRow("english") << QString() << u"Advice:"_s << u"Root cause:"_s << u"advice"_s;
    QTest::newRow("chinese") << u"zh_CN"_s << u"建议："_s << u"根本原因："_s << u"建议"_s;
}

void tst_PromptBuilder::adviceCanBeLeftOut()
{
    QFETCH(QString, language);
    QFETCH(QString, adviceLabel);
    QFETCH(QString, causeLabel);
    QFETCH(QString, adviceWord);
    PromptInput input;
    input.engine = Engine::SQLite;
    input.question = u"Who spent most?"_s;
    input.history = {failedAttempt()};
    input.triedSql = {u"SELECT user_name FROM users"_s};
    PromptBuilder builder(language);
    QVERIFY(builder.includesAdvice());
    QVERIFY(builder.userText(input).contains(adviceLabel));
    QVERIFY(builder.userText(input).contains(u"use username"_s));
    QVERIFY(!builder.userText(input).contains(u"{{"_s));

    builder.setIncludeAdvice(false);
    const QString text = builder.userText(input);
    QVERIFY2(!text.contains(adviceLabel), qPrintable(text));
    QVERIFY2(!text.contains(u"use username"_s), qPrintable(text));
    // Not even the instruction to follow it.
    QVERIFY2(!text.contains(adviceWord, Qt::CaseInsensitive), qPrintable(text));
    QVERIFY(!text.contains(u"{{"_s));
    // The rest of the history stays.
    QVERIFY(text.contains(causeLabel + u" no such column: user_name"_s)
            || text.contains(causeLabel + u"no such column: user_name"_s));
    QVERIFY(text.contains(u"column_missing"_s));
    QVERIFY(text.contains(u"- SELECT user_name FROM users"_s));
}

QTEST_GUILESS_MAIN(tst_PromptBuilder)
#include "tst_promptbuilder.moc"
