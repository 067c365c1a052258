#include "core/exec/resultmodel.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QSignalSpy>
#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

ResultBatch makeBatch(quint64 generation, qint64 firstRow, int count, bool last)
{
    ResultBatch batch;
    batch.generation = generation;
    batch.columns = {u"id"_s, u"name"_s, u"score"_s};
    batch.firstRow = firstRow;
    batch.last = last;
    for (int i = 0; i < count; ++i) {
        const qint64 n = firstRow + i;
        batch.rows.append({n, u"row %1"_s.arg(n), n % 3 == 0 ? QVariant() : QVariant(n / 2.0)});
    }
    return batch;
}

} // namespace

class tst_ResultModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void passesTheModelTester();
    void valuesRoundTrip_data();
    void valuesRoundTrip();
    void rowsShowWhileArriving();
    void staleBatchesAreDropped();
    void previewCapBoundsMemory();
    void finishSetsStatus();
    void dataOutsideTheModel();
    void headers();
    void displayOfLongTextAndBlobs();
};

void tst_ResultModel::passesTheModelTester()
{
    ResultModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFetchChunk(100);
    model.start(1, {u"id"_s, u"name"_s, u"score"_s}, {u"qlonglong"_s, u"QString"_s, u"double"_s});
    model.appendBatch(makeBatch(1, 0, 250, false));
    QCOMPARE(model.rowCount(), 100);
    while (model.canFetchMore({}))
        model.fetchMore({});
    QCOMPARE(model.rowCount(), 250);
    model.appendBatch(makeBatch(2, 0, 10, false)); // stale for this model
    model.appendBatch(makeBatch(1, 250, 50, true));
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 300);
    model.start(2);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
    model.appendBatch(makeBatch(2, 0, 5, true)); // columns come with the first batch
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.rowCount(), 5);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void tst_ResultModel::valuesRoundTrip_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<bool>("null");
    QTest::newRow("int") << QVariant(qlonglong(-42)) << false;
    QTest::newRow("int max") << QVariant(std::numeric_limits<qlonglong>::max()) << false;
    QTest::newRow("real") << QVariant(3.25) << false;
    QTest::newRow("text") << QVariant(u"Zoë 北京 🚀 \"x\""_s) << false;
    QTest::newRow("empty text") << QVariant(QString(u""_s)) << false;
    QTest::newRow("bytes") << QVariant(QByteArray("\x00\x01\xff", 3)) << false;
    QTest::newRow("true") << QVariant(true) << false;
    QTest::newRow("false") << QVariant(false) << false;
    QTest::newRow("datetime") << QVariant(QDateTime(QDate(2024, 5, 6), QTime(7, 8, 9), Qt::UTC))
                              << false;
    QTest::newRow("null") << QVariant() << true;
    QTest::newRow("typed null") << QVariant(QMetaType::fromType<QString>()) << true;
}

void tst_ResultModel::valuesRoundTrip()
{
    QFETCH(QVariant, value);
    QFETCH(bool, null);
    ResultModel model;
    model.start(7, {u"before"_s, u"v"_s, u"after"_s});
    ResultBatch batch;
    batch.generation = 7;
    batch.rows = {{u"left"_s, value, 99}};
    batch.last = true;
    QVERIFY(model.appendBatch(batch));
    const QModelIndex cell = model.index(0, 1);
    QCOMPARE(model.data(cell, ResultModel::IsNullRole).toBool(), null);
    if (null) {
        QVERIFY(!model.data(cell, ResultModel::ValueRole).isValid());
        QCOMPARE(model.data(cell, Qt::DisplayRole).toString(), u"NULL"_s);
    } else {
        QCOMPARE(model.data(cell, ResultModel::ValueRole), value);
    }
    // The neighbours survive the encoding of the middle cell.
    QCOMPARE(model.data(model.index(0, 0), ResultModel::ValueRole), QVariant(u"left"_s));
    QCOMPARE(model.data(model.index(0, 2), ResultModel::ValueRole), QVariant(qlonglong(99)));
}

void tst_ResultModel::rowsShowWhileArriving()
{
    ResultModel model;
    model.setFetchChunk(1000);
    QSignalSpy received(&model, &ResultModel::rowsReceived);
    model.start(3, {u"id"_s, u"name"_s, u"score"_s});
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Unknown);
    model.appendBatch(makeBatch(3, 0, 200, false));
    QCOMPARE(model.rowCount(), 200); // shown before the fetch ends
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Unknown);
    for (int b = 1; b < 20; ++b)
        model.appendBatch(makeBatch(3, b * 200, 200, b == 19));
    QCOMPARE(model.receivedRowCount(), 4000);
    QCOMPARE(model.rowCount(), 1000); // the rest waits for fetchMore
    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QCOMPARE(model.rowCount(), 2000);
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Complete);
    QCOMPARE(received.size(), 20);
    QCOMPARE(model.data(model.index(1999, 1)).toString(), u"row 1999"_s);
    QCOMPARE(model.value(3999, 0), QVariant(qlonglong(3999)));
}

void tst_ResultModel::staleBatchesAreDropped()
{
    ResultModel model;
    model.start(10);
    QVERIFY(!model.appendBatch(makeBatch(9, 0, 5, true)));
    QCOMPARE(model.receivedRowCount(), 0);
    QCOMPARE(model.columnCount(), 0);
    QVERIFY(!model.finish(9, RowCountStatus::Complete));
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Unknown);
    QVERIFY(model.appendBatch(makeBatch(10, 0, 5, false)));
    model.start(11);
    QVERIFY(!model.appendBatch(makeBatch(10, 5, 5, true)));
    QCOMPARE(model.receivedRowCount(), 0);
}

void tst_ResultModel::previewCapBoundsMemory()
{
    ResultModel model;
    model.setPreviewCap(1500);
    QSignalSpy status(&model, &ResultModel::rowCountStatusChanged);
    model.start(4);
    for (int b = 0; b < 10; ++b)
        model.appendBatch(makeBatch(4, b * 500, 500, false));
    QCOMPARE(model.receivedRowCount(), 1500);
    QCOMPARE(model.droppedRowCount(), 3500);
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Partial);
    QVERIFY(model.finish(4, RowCountStatus::Complete)); // the cap still cut it
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Partial);
    QCOMPARE(status.size(), 1);
    // Compact: far less than a QVariant per cell.
    QVERIFY2(model.storedBytes() < 1500 * 3 * qint64(sizeof(QVariant)),
             qPrintable(QString::number(model.storedBytes())));

    ResultModel byBytes;
    byBytes.setPreviewCap(1000000, 10000);
    byBytes.start(5);
    byBytes.appendBatch(makeBatch(5, 0, 5000, true));
    QVERIFY(byBytes.receivedRowCount() < 5000);
    QVERIFY(byBytes.storedBytes() < 10100);
    QCOMPARE(byBytes.rowCountStatus(), RowCountStatus::Partial);
}

void tst_ResultModel::finishSetsStatus()
{
    ResultModel model;
    model.start(6);
    model.appendBatch(makeBatch(6, 0, 10, false));
    QVERIFY(model.finish(6, RowCountStatus::Partial)); // the executor's cap hit
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Partial);
    model.start(7);
    model.appendBatch(makeBatch(7, 0, 10, false));
    QVERIFY(model.finish(7, RowCountStatus::Complete));
    QCOMPARE(model.rowCountStatus(), RowCountStatus::Complete);
}

void tst_ResultModel::dataOutsideTheModel()
{
    ResultModel model;
    model.start(1);
    model.appendBatch(makeBatch(1, 0, 3, true));
    QVERIFY(!model.data(QModelIndex()).isValid());
    QVERIFY(!model.value(3, 0).isValid());
    QVERIFY(!model.value(0, 3).isValid());
    QVERIFY(!model.value(-1, 0).isValid());
    QVERIFY(!model.data(model.index(0, 0), Qt::DecorationRole).isValid());
    QCOMPARE(model.data(model.index(0, 0), Qt::TextAlignmentRole).value<Qt::Alignment>(),
             Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    QVERIFY(!model.data(model.index(0, 1), Qt::TextAlignmentRole).isValid());
}

void tst_ResultModel::headers()
{
    ResultModel model;
    model.start(1, {u"a"_s, u"b"_s}, {u"qlonglong"_s, u"QString"_s});
    model.appendBatch(makeBatch(1, 0, 2, true));
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), u"b"_s);
    QCOMPARE(model.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString(), u"qlonglong"_s);
    QCOMPARE(model.headerData(1, Qt::Vertical).toInt(), 2);
    QVERIFY(!model.headerData(2, Qt::Horizontal).isValid());
    QVERIFY(!model.headerData(5, Qt::Vertical).isValid());
}

void tst_ResultModel::displayOfLongTextAndBlobs()
{
    ResultModel model;
    model.start(1, {u"t"_s, u"b"_s});
    ResultBatch batch;
    batch.generation = 1;
    const QString big(5 * 1024 * 1024, u'x');
    batch.rows = {{big, QByteArray(2048, '\0')}};
    model.appendBatch(batch);
    QVERIFY(model.data(model.index(0, 0)).toString().size() < 2000);
    QCOMPARE(model.data(model.index(0, 0), ResultModel::ValueRole).toString().size(), big.size());
    QVERIFY(model.data(model.index(0, 1)).toString().contains(u"2048"));
}

QTEST_GUILESS_MAIN(tst_ResultModel)
#include "tst_resultmodel.moc"
