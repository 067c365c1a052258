#include "core/demo/demodatabase.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

class tst_DemoDatabase : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void createsTheShop_data();
    void createsTheShop();
    void keepsACompleteCopy();
    void rebuildsABrokenFile();
    void failsClearlyWhereItCannotWrite();

private:
    static qint64 scalar(const QString &path, const QString &sql);
};

qint64 tst_DemoDatabase::scalar(const QString &path, const QString &sql)
{
    qint64 value = -1;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"probe"_s);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery query(db);
            if (query.exec(sql) && query.next())
                value = query.value(0).toLongLong();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(u"probe"_s);
    return value;
}

void tst_DemoDatabase::createsTheShop_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("users") << u"SELECT count(*) FROM users"_s << qint64(60);
    QTest::newRow("orders") << u"SELECT count(*) FROM orders"_s << qint64(400);
    QTest::newRow("order_items") << u"SELECT count(*) FROM order_items"_s << qint64(1000);
    QTest::newRow("products") << u"SELECT count(*) FROM products"_s << qint64(12);
    QTest::newRow("payments") << u"SELECT count(*) FROM payments"_s << qint64(360);
    // The names that make classic mistakes happen are there, and the wrong ones are not.
    QTest::newRow("username")
            << u"SELECT count(*) FROM pragma_table_info('users') WHERE name = 'username'"_s
            << qint64(1);
    QTest::newRow("no user_name")
            << u"SELECT count(*) FROM pragma_table_info('users') WHERE name = 'user_name'"_s
            << qint64(0);
    QTest::newRow("payment_time")
            << u"SELECT count(*) FROM pragma_table_info('payments') WHERE name = 'payment_time'"_s
            << qint64(1);
    QTest::newRow("totals add up")
            << u"SELECT count(*) FROM orders o WHERE abs(o.total - (SELECT coalesce(sum(quantity * unit_price), 0) FROM order_items i WHERE i.order_id = o.id)) > 0.01"_s
            << qint64(0);
}

void tst_DemoDatabase::createsTheShop()
{
    QFETCH(QString, sql);
    QFETCH(qint64, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Result<QString> path = DemoDatabase::ensure(dir.filePath(u"shop.sqlite"_s));
    QVERIFY2(path.hasValue(), qPrintable(path.hasValue() ? QString() : path.error().message));
    QCOMPARE(scalar(*path, sql), expected);
}

void tst_DemoDatabase::keepsACompleteCopy()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(u"shop.sqlite"_s);
    QVERIFY(DemoDatabase::ensure(file).hasValue());
    QCOMPARE(scalar(file, u"SELECT count(*) FROM users"_s), qint64(60));
    // A mark of our own survives a second ensure(): the complete file is not rebuilt.
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"mark"_s);
        db.setDatabaseName(file);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"CREATE TABLE mark (x INTEGER)"_s));
        db.close();
    }
    QSqlDatabase::removeDatabase(u"mark"_s);
    QVERIFY(DemoDatabase::ensure(file).hasValue());
    QCOMPARE(scalar(file, u"SELECT count(*) FROM sqlite_master WHERE name = 'mark'"_s), qint64(1));
}

void tst_DemoDatabase::rebuildsABrokenFile()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(u"shop.sqlite"_s);
    QFile junk(file);
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("this is not a database");
    junk.close();
    const Result<QString> path = DemoDatabase::ensure(file);
    QVERIFY(path.hasValue());
    QCOMPARE(scalar(file, u"SELECT count(*) FROM orders"_s), qint64(400));
    QVERIFY(!QFile::exists(file + u".partial"_s));
}

void tst_DemoDatabase::failsClearlyWhereItCannotWrite()
{
    QTemporaryDir dir;
    QFile blocker(dir.filePath(u"not-a-folder"_s));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const Result<QString> path = DemoDatabase::ensure(dir.filePath(u"not-a-folder/shop.sqlite"_s));
    QVERIFY(!path.hasValue());
    QVERIFY(!path.error().message.isEmpty());
}

QTEST_GUILESS_MAIN(tst_DemoDatabase)
#include "tst_demodatabase.moc"
