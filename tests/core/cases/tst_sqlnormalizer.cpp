#include "core/cases/sqlnormalizer.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sqlmend::core;

class tst_SqlNormalizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalizedSql_data();
    void normalizedSql();
    void rootCause_data();
    void rootCause();
    void hostileInput_data();
    void hostileInput();
};

void tst_SqlNormalizer::normalizedSql_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>("expected");
    QTest::newRow("spaces and case")
            << u"  select  a ,b\n\tfrom   T  where x=1 ;;"_s << u"SELECT a, b FROM T WHERE x = 1"_s;
    QTest::newRow("parentheses and dots")
            << u"select count ( * ) from s . t"_s << u"SELECT COUNT(*) FROM s.t"_s;
    QTest::newRow("string literal kept")
            << u"select 'Select  FROM ''x''' from t"_s << u"SELECT 'Select  FROM ''x''' FROM t"_s;
    QTest::newRow("quoted identifier kept") << u"select \"Select  Me\" from `From  T`"_s
                                            << u"SELECT \"Select  Me\" FROM `From  T`"_s;
    QTest::newRow("dollar quote kept") << u"select $q$ from  where $q$, $1 from t"_s
                                       << u"SELECT $q$ from  where $q$, $1 FROM t"_s;
    QTest::newRow("line comment dropped")
            << u"select a -- from where\nfrom t"_s << u"SELECT a FROM t"_s;
    QTest::newRow("block comment kept")
            << u"select /*+ index(t  i) */ a from t"_s << u"SELECT /*+ index(t  i) */ a FROM t"_s;
    QTest::newRow("identifier case kept")
            << u"select Name from Customers"_s << u"SELECT Name FROM Customers"_s;
    QTest::newRow("numbers") << u"select 1.5e3 , 2"_s << u"SELECT 1.5e3, 2"_s;
    QTest::newRow("unicode identifier") << u"select 名字 from 客户"_s << u"SELECT 名字 FROM 客户"_s;
    QTest::newRow("unterminated string") << u"select 'abc  "_s << u"SELECT 'abc  "_s;
    QTest::newRow("unterminated comment") << u"select /* abc  "_s << u"SELECT /* abc  "_s;
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("only semicolons") << u" ; ; "_s << QString();
}

void tst_SqlNormalizer::normalizedSql()
{
    QFETCH(QString, sql);
    QFETCH(QString, expected);
    QCOMPARE(sqlmend::core::normalizedSql(sql), expected);
    // Idempotent.
    QCOMPARE(sqlmend::core::normalizedSql(expected), expected);
}

void tst_SqlNormalizer::rootCause_data()
{
    QTest::addColumn<QString>("rootCause");
    QTest::addColumn<QString>("expected");
    QTest::newRow("spaces") << u"  column  \"Nmae\"\n does not exist "_s
                            << u"column \"Nmae\" does not exist"_s;
    QTest::newRow("case kept") << u"no such column: Nmae"_s << u"no such column: Nmae"_s;
}

void tst_SqlNormalizer::rootCause()
{
    QFETCH(QString, rootCause);
    QFETCH(QString, expected);
    QCOMPARE(normalizedRootCause(rootCause), expected);
}

void tst_SqlNormalizer::hostileInput_data()
{
    QTest::addColumn<QString>("sql");
    QString junk(1 << 20, Qt::Uninitialized);
    for (quint32 i = 0; i < quint32(junk.size()); ++i)
        junk[i] = QChar(char16_t((i * 7919u) % 0xffffu + 1u));
    QTest::newRow("binary junk") << junk;
    QTest::newRow("10 MB of punctuation") << QString(10 * 1024 * 1024, u'(');
    QTest::newRow("10 MB of dollars") << QString(10 * 1024 * 1024, u'$');
    QTest::newRow("nul") << QString(16, QChar(u'\0'));
}

void tst_SqlNormalizer::hostileInput()
{
    QFETCH(QString, sql);
    const QString once = sqlmend::core::normalizedSql(sql);
    QCOMPARE_LE(once.size(), 2 * sql.size());          // at most one space a token
    QCOMPARE(sqlmend::core::normalizedSql(sql), once); // deterministic
}

QTEST_GUILESS_MAIN(tst_SqlNormalizer)
#include "tst_sqlnormalizer.moc"
