#include "core/errors/valueredaction.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_ValueRedaction : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void redacts_data();
    void redacts();
};

void tst_ValueRedaction::redacts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QStringList>("captured");
    QTest::addColumn<QString>("expected");

    const QString cast = u"SELECT CAST(secret_note AS integer) FROM accounts"_s;
    QTest::newRow("pg cast of a data value")
            << u"invalid input syntax for type integer: \"zebra-42\""_s << cast << QStringList()
            << u"invalid input syntax for type integer: \"<value>\""_s;
    QTest::newRow("a literal the model wrote stays")
            << u"invalid input syntax for type integer: \"abc\""_s
            << u"SELECT CAST('abc' AS integer)"_s << QStringList()
            << u"invalid input syntax for type integer: \"abc\""_s;
    QTest::newRow("names stay") << u"column \"secret_not\" does not exist"_s
                                << u"SELECT secret_not FROM accounts"_s << QStringList()
                                << u"column \"secret_not\" does not exist"_s;
    QTest::newRow("mariadb value, clause name stays")
            << u"Truncated incorrect DOUBLE value: 'zebra-42' in 'field list'"_s << cast
            << QStringList() << u"Truncated incorrect DOUBLE value: '<value>' in 'field list'"_s;
    QTest::newRow("advice quoting the value in backticks")
            << u"The value `zebra-42` is not a number"_s << cast << QStringList{u"zebra-42"_s}
            << u"The value `<value>` is not a number"_s;
    QTest::newRow("key of a detail") << u"Key (id)=(42) already exists."_s << cast << QStringList()
                                     << u"Key (id)=(<value>) already exists."_s;
    QTest::newRow("failing row") << u"Failing row contains (1, zebra-42, 7)."_s << cast
                                 << QStringList() << u"Failing row contains (<value>)."_s;
    QTest::newRow("nothing to redact")
            << u"no such column: x"_s << u"SELECT x"_s << QStringList() << u"no such column: x"_s;
}

void tst_ValueRedaction::redacts()
{
    QFETCH(QString, text);
    QFETCH(QString, statement);
    QFETCH(QStringList, captured);
    QFETCH(QString, expected);
    QCOMPARE(ValueRedaction::redact(text, statement, u"accounts(id, secret_note)", captured),
             expected);
}

QTEST_GUILESS_MAIN(tst_ValueRedaction)
#include "tst_valueredaction.moc"
