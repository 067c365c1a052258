#include "core/errors/classifier.h"
#include "core/errors/errorrules.h"
#include "tests/support/shareddata.h"
#include "tests/support/tsvfile.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

// The rule table: valid rows, and a matcher whose word index never changes what a plain walk over
// every row in priority order would decide.
class tst_ErrorRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsAreValid();
    void indexAgreesWithPlainWalk();
    void captures_data();
    void captures();
    void codeDecidedClassStillCaptures();
    void parserExpected_data();
    void parserExpected();
};

namespace {

// Every row in priority order, the slow way: no index.
std::optional<QString> plainWalk(Engine engine, QStringView text)
{
    static const QList<std::pair<const ErrorRule *, QRegularExpression>> ordered = [] {
        QList<const ErrorRule *> rules;
        for (const ErrorRule &rule : ErrorRules::rows())
            rules.append(&rule);
        std::stable_sort(rules.begin(), rules.end(), [](const ErrorRule *a, const ErrorRule *b) {
            return a->priority < b->priority;
        });
        QList<std::pair<const ErrorRule *, QRegularExpression>> list;
        for (const ErrorRule *rule : rules)
            list.append({rule,
                         QRegularExpression(QString::fromUtf16(rule->pattern),
                                            QRegularExpression::CaseInsensitiveOption
                                                    | QRegularExpression::MultilineOption)});
        return list;
    }();
    const quint16 family = quint16(engineFamily(engine));
    for (const auto &[rule, expression] : ordered) {
        if (rule->captureOnly)
            continue;
        if (rule->engines != 0 && family != 0 && !(rule->engines & family))
            continue;
        if (expression.match(text).hasMatch())
            return QString::fromUtf16(rule->name);
    }
    return std::nullopt;
}

QStringList corpusMessages(const QString &dir)
{
    QStringList messages;
    for (const QStringList &fields : sqlmend::test::readTsv(dir + u"/corpus.tsv"_s)) {
        if (fields.size() >= 6)
            messages.append(sqlmend::test::unescapeTsvField(fields.at(5)));
    }
    return messages;
}

} // namespace

void tst_ErrorRules::rowsAreValid()
{
    QCOMPARE(ErrorRules::invalidPatterns(), QStringList());
    QSet<QString> names;
    for (const ErrorRule &rule : ErrorRules::rows()) {
        const QString name = QString::fromUtf16(rule.name);
        QVERIFY2(!names.contains(name), qPrintable(name));
        names.insert(name);
        // Groups are named only as errorrules.h names them.
        const QRegularExpression expression(QString::fromUtf16(rule.pattern));
        for (const QString &group : expression.namedCaptureGroups()) {
            if (group.isEmpty())
                continue;
            bool known = false;
            for (int c = 0; c < CaptureCount; ++c)
                known = known || captureName(Capture(c)) == group;
            QVERIFY2(known, qPrintable(name + u": "_s + group));
        }
    }
    QVERIFY(names.size() > 400);
}

void tst_ErrorRules::indexAgreesWithPlainWalk()
{
    // The engine errors of ../shared/errors, read where they are.
    QString dir;
    SQLMEND_REQUIRE_SHARED_DATA(dir, "SQLMEND_ERRORS_DIR", u"errors"_s, u"corpus.tsv"_s);
    const QStringList messages = corpusMessages(dir);
    QVERIFY(messages.size() > 900);
    for (const Engine engine :
         {Engine::Unknown, Engine::PostgreSQL, Engine::SQLite, Engine::MariaDB}) {
        for (const QString &message : messages) {
            const std::optional<RuleMatch> indexed = ErrorRules::match(engine, message);
            const std::optional<QString> walked = plainWalk(engine, message);
            QCOMPARE(indexed ? indexed->ruleName() : QString(), walked.value_or(QString()));
        }
    }
}

void tst_ErrorRules::captures_data()
{
    QTest::addColumn<int>("engine");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<int>("capture");
    QTest::addColumn<QString>("value");

    QTest::newRow("sqlite column")
            << int(Engine::SQLite) << u"no such column: T2.name"_s << u"column/no-such-column"_s
            << int(Capture::Name) << u"T2.name"_s;
    QTest::newRow("sqlite statement as a column")
            << int(Engine::SQLite) << u"no such column: select count(*) from Pets;"_s
            << u"column/no-such-column"_s << int(Capture::Name) << u"select count(*) from Pets;"_s;
    QTest::newRow("pg relation") << int(Engine::PostgreSQL)
                                 << u"relation \"ordrs\" does not exist"_s
                                 << u"relation/does-not-exist"_s << int(Capture::Name)
                                 << u"ordrs"_s;
    QTest::newRow("pg cast value")
            << int(Engine::PostgreSQL) << u"invalid input syntax for type integer: \"secret\""_s
            << u"cast/invalid-input-syntax"_s << int(Capture::Value) << u"secret"_s;
    QTest::newRow("mariadb cast value")
            << int(Engine::MariaDB) << u"Truncated incorrect DOUBLE value: 'zebra'"_s
            << u"cast/truncated-incorrect-value"_s << int(Capture::Value) << u"zebra"_s;
    QTest::newRow("sqlite near") << int(Engine::SQLite) << u"near \"ILIKE\": syntax error"_s
                                 << u"syntax/near"_s << int(Capture::Token) << u"ILIKE"_s;
    QTest::newRow("sqlite ambiguous")
            << int(Engine::SQLite) << u"ambiguous column name: Airline"_s
            << u"ambiguous/sqlite-ambiguous-column-name"_s << int(Capture::Name) << u"Airline"_s;
    QTest::newRow("pg operator") << int(Engine::PostgreSQL)
                                 << u"operator does not exist: integer = text"_s
                                 << u"operator/does-not-exist"_s << int(Capture::Right)
                                 << u"text"_s;
    QTest::newRow("function arguments")
            << int(Engine::PostgreSQL)
            << u"function round(double precision, integer) does not exist"_s
            << u"function/with-arguments-does-not-exist"_s << int(Capture::Arguments)
            << u"double precision, integer"_s;
    QTest::newRow("clickhouse 18 identifier")
            << int(Engine::ClickHouse) << u"Unknown identifier: u.user_name"_s
            << u"column/unknown-identifier"_s << int(Capture::Name) << u"u.user_name"_s;
}

void tst_ErrorRules::captures()
{
    QFETCH(int, engine);
    QFETCH(QString, message);
    QFETCH(QString, rule);
    QFETCH(int, capture);
    QFETCH(QString, value);
    const std::optional<RuleMatch> found = ErrorRules::match(Engine(engine), message);
    QVERIFY(found);
    QCOMPARE(found->ruleName(), rule);
    QCOMPARE(found->capture(Capture(capture)), value);
}

void tst_ErrorRules::codeDecidedClassStillCaptures()
{
    // The errno decides the class; the advisor and the repairs still get the names.
    const Classification result = Classifier::classify(
            Engine::MariaDB,
            Decapsulator::decapsulate(EngineError::fromText(
                    Engine::MariaDB, u"Unknown column 'o.user_name' in 'field list'"_s,
                    u"1054"_s)));
    QCOMPARE(result.errorClass, ErrorClass::ColumnMissing);
    QVERIFY(result.byCode);
    QCOMPARE(result.match.capture(Capture::Name), u"o.user_name"_s);
}

void tst_ErrorRules::parserExpected_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("one of, then e.what()")
            << u"Code: 62, e.displayText() = DB::Exception: Syntax error: failed at position 30: "
               u"SELECT 1. Expected one of: FINAL, UNION ALL, table function, subquery or list of "
               u"joined tables, e.what() = DB::Exception"_s
            << QStringList{u"FINAL"_s, u"UNION ALL"_s, u"table function"_s, u"subquery"_s,
                           u"list of joined tables"_s};
    QTest::newRow("one word, at the end of a decapsulated cause")
            << u"Syntax error: failed at position 45 (line 2, col 29): SELECT id FROM orders\n) "
               u"LIMIT 0. Expected ALL"_s
            << QStringList{u"ALL"_s};
    QTest::newRow("none listed") << u"near \"SELECT\": syntax error"_s << QStringList{};
}

void tst_ErrorRules::parserExpected()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QCOMPARE(ErrorRules::parserExpected(text), expected);
}

QTEST_GUILESS_MAIN(tst_ErrorRules)
#include "tst_errorrules.moc"
