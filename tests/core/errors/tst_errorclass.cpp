#include "core/errors/errorclass.h"

#include <QTest>

using namespace sqlmend::core;

class tst_ErrorClass : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesRoundTrip();
    void fixedSetOfSeventeen();
    void terminalClasses_data();
    void terminalClasses();
};

void tst_ErrorClass::namesRoundTrip()
{
    for (ErrorClass errorClass : allErrorClasses()) {
        const QString name = errorClassName(errorClass);
        QVERIFY(!name.isEmpty());
        QCOMPARE(errorClassFromName(name), std::optional<ErrorClass>(errorClass));
    }
    QCOMPARE(errorClassFromName(u"no_such_class"), std::nullopt);
}

void tst_ErrorClass::fixedSetOfSeventeen()
{
    QCOMPARE(allErrorClasses().size(), 17);
    QCOMPARE(errorClassName(ErrorClass::ReadOnlyViolation), QStringLiteral("read_only_violation"));
    QCOMPARE(errorClassName(ErrorClass::ColumnMissing), QStringLiteral("column_missing"));
}

void tst_ErrorClass::terminalClasses_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("terminal");
    QTest::addColumn<int>("policy");
    QTest::newRow("permission") << "permission" << true << int(RetryPolicy::Stop);
    QTest::newRow("storage_format") << "storage_format" << true << int(RetryPolicy::Stop);
    QTest::newRow("type_unsupported") << "type_unsupported" << true << int(RetryPolicy::Stop);
    QTest::newRow("read_only_violation") << "read_only_violation" << true << int(RetryPolicy::Stop);
    QTest::newRow("timeout") << "timeout" << false << int(RetryPolicy::NarrowOnce);
    QTest::newRow("resource_exceeded")
            << "resource_exceeded" << false << int(RetryPolicy::NarrowOnce);
    QTest::newRow("connection") << "connection" << false << int(RetryPolicy::Transport);
    QTest::newRow("syntax") << "syntax" << false << int(RetryPolicy::Correct);
}

void tst_ErrorClass::terminalClasses()
{
    QFETCH(QString, name);
    QFETCH(bool, terminal);
    QFETCH(int, policy);
    const std::optional<ErrorClass> errorClass = errorClassFromName(name);
    QVERIFY(errorClass);
    QCOMPARE(isTerminal(*errorClass), terminal);
    QCOMPARE(int(retryPolicy(*errorClass)), policy);
}

QTEST_GUILESS_MAIN(tst_ErrorClass)
#include "tst_errorclass.moc"
