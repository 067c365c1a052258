#include "core/llm/replyparser.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_ReplyParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void extracts_data();
    void extracts();
    void fails_data();
    void fails();
    void hugeReplyIsHandled();
};

void tst_ReplyParser::extracts_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("source");

    const QString q = u"SELECT city, COUNT(*) FROM users GROUP BY city"_s;
    QTest::newRow("sql fence") << u"Here you go:\n\n```sql\n%1;\n```"_s.arg(q) << q
                               << u"sql_fence"_s;
    QTest::newRow("sql fence, upper-case tag")
            << u"```SQL\n%1\n```"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("sqlite fence") << u"```sqlite\n%1\n```"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("postgresql fence") << u"```postgresql\n%1\n```"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("tilde fence") << u"~~~sql\n%1\n~~~"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("last of two sql fences")
            << u"First try:\n```sql\nSELECT user_name FROM users\n```\nBetter:\n```sql\nSELECT username FROM users\n```"_s
            << u"SELECT username FROM users"_s << u"sql_fence"_s;
    QTest::newRow("sql fence with explanation after")
            << u"```sql\n%1;\n```\n\nThis groups users by city and counts them."_s.arg(q) << q
            << u"sql_fence"_s;
    QTest::newRow("indented fence") << u"  ```sql\n  %1\n  ```"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("closer glued to last line") << u"```sql\n%1;```"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("unclosed fence (cut stream)") << u"```sql\n%1"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("crlf fence") << u"```sql\r\n%1\r\n```\r\n"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("sql fence with comment") << u"```sql\n-- users per city\n%1\n```"_s.arg(q)
                                            << u"-- users per city\n%1"_s.arg(q) << u"sql_fence"_s;
    QTest::newRow("untagged fence") << u"```\n%1\n```"_s.arg(q) << q << u"fence"_s;
    QTest::newRow("fence opening mid-line")
            << u"Here is the query: ```sql\n%1\n```"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("fence with its body on one line")
            << u"The answer is ```sql %1;``` as asked."_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("prefer sql fence over python")
            << u"```python\nprint(1)\n```\n```\n%1\n```"_s.arg(q) << q << u"fence"_s;
    QTest::newRow("json object") << u"{\"sql\": \"%1\"}"_s.arg(q) << q << u"json"_s;
    QTest::newRow("json with extra keys")
            << u"{\"reasoning\": \"count per city\", \"sql\": \"%1;\", \"confidence\": 0.9}"_s.arg(
                       q)
            << q << u"json"_s;
    QTest::newRow("json in fence") << u"```json\n{\"sql\": \"%1\"}\n```"_s.arg(q) << q << u"json"_s;
    QTest::newRow("json query key") << u"{\"query\": \"%1\"}"_s.arg(q) << q << u"json"_s;
    QTest::newRow("json with escaped newline")
            << u"{\"sql\": \"SELECT *\\nFROM users\"}"_s << u"SELECT *\nFROM users"_s << u"json"_s;
    QTest::newRow("bare") << q << q << u"bare"_s;
    QTest::newRow("bare lower case")
            << u"select city from users"_s << u"select city from users"_s << u"bare"_s;
    QTest::newRow("bare with semicolon and explanation")
            << u"%1;\nThis counts users per city."_s.arg(q) << q << u"bare"_s;
    QTest::newRow("bare, explanation after blank line")
            << u"SELECT city\nFROM users\n\nThis lists the cities."_s
            << u"SELECT city\nFROM users"_s << u"bare"_s;
    QTest::newRow("bare, clause after blank line continues")
            << u"SELECT city\nFROM users\n\nORDER BY city"_s
            << u"SELECT city\nFROM users\n\nORDER BY city"_s << u"bare"_s;
    QTest::newRow("bare with cte") << u"WITH t AS (SELECT 1 AS x) SELECT x FROM t"_s
                                   << u"WITH t AS (SELECT 1 AS x) SELECT x FROM t"_s << u"bare"_s;
    QTest::newRow("semicolon inside a string") << u"SELECT ';' AS s FROM users; trailing words"_s
                                               << u"SELECT ';' AS s FROM users"_s << u"bare"_s;
    QTest::newRow("after prose") << u"Here is the query: %1;"_s.arg(q) << q << u"after_prose"_s;
    QTest::newRow("after prose on next line")
            << u"Sure! The query is:\n%1\n\nIt counts the users."_s.arg(q) << q << u"after_prose"_s;
    QTest::newRow("inline code") << u"Run `%1` to see it."_s.arg(q) << q << u"inline_code"_s;
    QTest::newRow("think block ignored")
            << u"<think>Maybe SELECT * FROM wrong_table?\n```sql\nSELECT 1 FROM nope\n```</think>\n```sql\n%1\n```"_s
                       .arg(q)
            << q << u"sql_fence"_s;
    QTest::newRow("think closer without opener")
            << u"reasoning about SELECT x FROM y...</think>\n\n%1"_s.arg(q) << q << u"bare"_s;
    QTest::newRow("chinese prose then fence")
            << u"按城市统计用户数：\n\n```sql\n%1\n```"_s.arg(q) << q << u"sql_fence"_s;
    QTest::newRow("select literal without from") << u"SELECT 1"_s << u"SELECT 1"_s << u"bare"_s;
    QTest::newRow("write statement is still extracted (the guard rejects it)")
            << u"```sql\nDELETE FROM users\n```"_s << u"DELETE FROM users"_s << u"sql_fence"_s;
}

void tst_ReplyParser::extracts()
{
    QFETCH(QString, reply);
    QFETCH(QString, sql);
    QFETCH(QString, source);
    const Result<ExtractedSql> result = ReplyParser::extract(reply);
    QVERIFY2(result.hasValue(), qPrintable(result.hasValue() ? QString() : result.error().message));
    QCOMPARE(result->sql, sql);
    QCOMPARE(ReplyParser::sourceName(result->source), source);
}

void tst_ReplyParser::fails_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("code");
    QTest::newRow("empty") << QString() << u"empty_reply"_s;
    QTest::newRow("whitespace") << u"  \n\t "_s << u"empty_reply"_s;
    QTest::newRow("prose only") << u"I'm sorry, I cannot answer that question."_s << u"no_sql"_s;
    QTest::newRow("sentence starting with Select")
            << u"Select the table you want in the sidebar."_s << u"no_sql"_s;
    QTest::newRow("only reasoning")
            << u"<think>The user wants SELECT ... FROM users"_s << u"no_sql"_s;
    QTest::newRow("python fence") << u"```python\nprint('hi')\n```"_s << u"no_sql"_s;
    QTest::newRow("json without sql") << u"{\"answer\": 42}"_s << u"no_sql"_s;
    QTest::newRow("empty sql fence") << u"```sql\n```"_s << u"no_sql"_s;
    QTest::newRow("binary junk") << QString::fromLatin1("\x01\x02\xff{{{```") << u"no_sql"_s;
}

void tst_ReplyParser::fails()
{
    QFETCH(QString, reply);
    QFETCH(QString, code);
    const Result<ExtractedSql> result = ReplyParser::extract(reply);
    QVERIFY(!result.hasValue());
    QCOMPARE(result.error().code, code);
    QVERIFY(!result.error().message.isEmpty());
}

void tst_ReplyParser::hugeReplyIsHandled()
{
    // 10 MB of prose and then a fence: found, in bounded time, no crash.
    QString reply(10 * 1024 * 1024, u'x');
    reply += u"\n```sql\nSELECT 1 FROM users\n```"_s;
    const Result<ExtractedSql> result = ReplyParser::extract(reply);
    QVERIFY(result.hasValue());
    QCOMPARE(result->sql, u"SELECT 1 FROM users"_s);
    QVERIFY(!ReplyParser::extract(QString(10 * 1024 * 1024, u'y')).hasValue());
}

QTEST_GUILESS_MAIN(tst_ReplyParser)
#include "tst_replyparser.moc"
