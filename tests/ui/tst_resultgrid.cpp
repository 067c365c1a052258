#include "ui/resultgrid.h"

#include "core/exec/resultmodel.h"
#include "core/export/exportwriter.h"
#include "ui/savefiledialog.h"
#include "ui/valueviewer.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace sqlmend;
using namespace Qt::StringLiterals;

// The result grid of Run SQL and of the chat's answers, offscreen, over a real ResultModel.
class tst_ResultGrid : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void nullAndEmptyLookApart_data();
    void nullAndEmptyLookApart();
    void sortsByValue();
    void filterSeesEveryLoadedRow();
    void copyWhatIsSelected();
    void copyAsFormats();
    void rowsAreWhatTheGridShows();
    void columnsAreFitted();
    void valueViewer();
    void prettyJsonAndHex();
    void suggestedFileNames_data();
    void suggestedFileNames();

private:
    void load(int rows);
    void select(int top, int left, int bottom, int right);

    std::unique_ptr<core::ResultModel> m_model;
    std::unique_ptr<ui::ResultGrid> m_grid;
};

void tst_ResultGrid::init()
{
    m_model = std::make_unique<core::ResultModel>();
    m_model->setFetchChunk(10);
    m_grid = std::make_unique<ui::ResultGrid>();
    m_grid->setSourceModel(m_model.get());
    new QAbstractItemModelTester(
            m_grid->proxy(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_grid.get());
    m_grid->resize(800, 400);
    m_grid->show();
}

void tst_ResultGrid::cleanup()
{
    m_grid.reset();
    m_model.reset();
}

// rows rows of (id, name, note): id descending numbers, names with a 'NULL' text, NULL and ''.
void tst_ResultGrid::load(int rows)
{
    m_model->start(1, {u"id"_s, u"name"_s, u"note"_s});
    core::ResultBatch batch;
    batch.generation = 1;
    batch.columns = {u"id"_s, u"name"_s, u"note"_s};
    batch.firstRow = 0;
    batch.last = true;
    for (int i = 0; i < rows; ++i) {
        QVariant note;
        switch (i % 3) {
        case 0:
            note = QVariant();
            break;
        case 1:
            note = QString();
            break;
        default:
            note = u"NULL"_s;
            break;
        }
        batch.rows.append({qint64(rows - i), u"name %1"_s.arg(i), note});
    }
    QVERIFY(m_model->appendBatch(batch));
    m_model->finish(1, core::RowCountStatus::Complete);
}

void tst_ResultGrid::select(int top, int left, int bottom, int right)
{
    QAbstractItemModel *model = m_grid->model();
    m_grid->selectionModel()->select(
            QItemSelection(model->index(top, left), model->index(bottom, right)),
            QItemSelectionModel::ClearAndSelect);
    m_grid->selectionModel()->setCurrentIndex(model->index(top, left),
                                              QItemSelectionModel::NoUpdate);
}

void tst_ResultGrid::nullAndEmptyLookApart_data()
{
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("muted");
    QTest::addColumn<bool>("right");
    QTest::newRow("SQL NULL") << QVariant() << u"NULL"_s << true << false;
    QTest::newRow("empty text") << QVariant(QString(u""_s)) << u"(empty)"_s << true << false;
    QTest::newRow("the text NULL") << QVariant(u"NULL"_s) << QString() << false << false;
    QTest::newRow("integer") << QVariant(qint64(42)) << QString() << false << true;
    QTest::newRow("double") << QVariant(2.5) << QString() << false << true;
}

void tst_ResultGrid::nullAndEmptyLookApart()
{
    QFETCH(QVariant, value);
    QFETCH(QString, text);
    QFETCH(bool, muted);
    QFETCH(bool, right);
    const ui::ResultGrid::CellLook look = ui::ResultGrid::cellLook(value);
    QCOMPARE(look.muted, muted);
    QCOMPARE(look.text, text);
    QCOMPARE(look.rightAligned, right);
}

void tst_ResultGrid::sortsByValue()
{
    load(12);
    // Numbers as numbers: 1, 2, ..., 12 (as text "10" would come before "2").
    m_grid->sortByColumn(0, Qt::AscendingOrder);
    QVERIFY(m_grid->isSorted());
    QCOMPARE(m_grid->shownRowCount(), 12);
    for (int r = 0; r < 12; ++r)
        QCOMPARE(m_grid->model()->index(r, 0).data(Qt::EditRole).toLongLong(), r + 1);
    // NULL sorts first.
    m_grid->sortByColumn(2, Qt::AscendingOrder);
    QVERIFY(m_grid->model()->index(0, 2).data(Qt::EditRole).isNull());
    m_grid->clearSortAndFilter();
    QVERIFY(!m_grid->isSorted());
    QCOMPARE(m_grid->model()->index(0, 0).data(Qt::EditRole).toLongLong(), 12);
}

void tst_ResultGrid::filterSeesEveryLoadedRow()
{
    load(100);
    // Only the first chunk is exposed until the filter asks for all loaded rows.
    QCOMPARE(m_model->rowCount(), 10);
    m_grid->setFilterText(u"NAME 9"_s);
    QVERIFY(m_grid->isFiltered());
    // name 9 and name 90..99
    QCOMPARE(m_grid->shownRowCount(), 11);
    QCOMPARE(m_model->rowCount(), 100);
    m_grid->setFilterText(u"no such text"_s);
    QCOMPARE(m_grid->shownRowCount(), 0);
    m_grid->setFilterText({});
    QCOMPARE(m_grid->shownRowCount(), 100);
}

void tst_ResultGrid::copyWhatIsSelected()
{
    load(6);
    // One cell: its value alone, no header.
    select(1, 1, 1, 1);
    QCOMPARE(m_grid->selectionText(false), u"name 1"_s);
    m_grid->copyAction()->trigger();
    QCOMPARE(QApplication::clipboard()->text(), u"name 1"_s);
    // With headers.
    QCOMPARE(m_grid->selectionText(true), u"name\nname 1\n"_s);
    // A range: tab-separated; NULL copies as empty, the text 'NULL' as itself.
    select(0, 0, 2, 2);
    QCOMPARE(m_grid->selectionText(false), u"6\tname 0\t\n5\tname 1\t\n4\tname 2\tNULL\n"_s);
    QCOMPARE(m_grid->selectionText(true).section(u'\n', 0, 0), u"id\tname\tnote"_s);
    m_grid->copyWithHeadersAction()->trigger();
    QVERIFY(QApplication::clipboard()->text().startsWith(u"id\tname\tnote\n6\t"_s));
}

void tst_ResultGrid::copyAsFormats()
{
    load(3);
    select(0, 0, 1, 1);
    QCOMPARE(m_grid->selectionAs(core::ExportFormat::Csv),
             u"id,name\r\n3,name 0\r\n2,name 1\r\n"_s);
    const QString markdown = m_grid->selectionAs(core::ExportFormat::Markdown);
    QVERIFY2(markdown.startsWith(u"| id | name |"_s), qPrintable(markdown));
    const QString json = m_grid->selectionAs(core::ExportFormat::Json);
    QVERIFY2(json.contains(u"\"name\": \"name 1\""_s) || json.contains(u"\"name\":\"name 1\""_s),
             qPrintable(json));
}

void tst_ResultGrid::rowsAreWhatTheGridShows()
{
    load(30);
    m_grid->sortByColumn(0, Qt::AscendingOrder);
    m_grid->setFilterText(u"name 2"_s); // name 2, name 20..29
    const core::RowSource rows = m_grid->rows();
    QCOMPARE(rows.columns, (QStringList{u"id"_s, u"name"_s, u"note"_s}));
    QCOMPARE(rows.count, 11);
    // Sorted by id ascending: name 29 (id 1) first, name 2 (id 28) last.
    QCOMPARE(rows.row(0).at(1).toString(), u"name 29"_s);
    QCOMPARE(rows.row(10).at(1).toString(), u"name 2"_s);
    m_grid->setFilterText(u"nothing"_s);
    QCOMPARE(m_grid->rows().count, 0);
    m_grid->clearSortAndFilter();
    const core::RowSource all = m_grid->rows();
    QCOMPARE(all.count, 30);
    QCOMPARE(all.row(0).at(0).toLongLong(), 30);
}

void tst_ResultGrid::columnsAreFitted()
{
    m_model->start(1, {u"short"_s, u"long"_s});
    core::ResultBatch batch;
    batch.generation = 1;
    batch.columns = {u"short"_s, u"long"_s};
    batch.last = true;
    batch.rows.append({u"a"_s, QString(400, u'x')});
    QVERIFY(m_model->appendBatch(batch));
    QTRY_VERIFY(m_grid->horizontalHeader()->sectionSize(1) == m_grid->maxFittedWidth());
    QVERIFY(m_grid->horizontalHeader()->sectionSize(0) < m_grid->maxFittedWidth());
}

void tst_ResultGrid::valueViewer()
{
    m_model->start(1, {u"doc"_s, u"blob"_s});
    core::ResultBatch batch;
    batch.generation = 1;
    batch.columns = {u"doc"_s, u"blob"_s};
    batch.last = true;
    batch.rows.append({u"{\"a\":[1,2],\"b\":\"c\"}"_s,
                       QByteArray("\x00\x01"
                                  "AB",
                                  4)});
    QVERIFY(m_model->appendBatch(batch));
    m_grid->showValue(m_grid->model()->index(0, 0));
    ui::ValueViewer *viewer = m_grid->valueViewer();
    QVERIFY(viewer);
    QCOMPARE(viewer->mode(), ui::ValueViewer::Mode::Json);
    QVERIFY2(viewer->shownText().contains(u"\n"_s), qPrintable(viewer->shownText()));
    viewer->setMode(ui::ValueViewer::Mode::Text);
    QCOMPARE(viewer->shownText(), u"{\"a\":[1,2],\"b\":\"c\"}"_s);
    m_grid->showValue(m_grid->model()->index(0, 1));
    QCOMPARE(viewer->mode(), ui::ValueViewer::Mode::Hex);
    QVERIFY2(viewer->shownText().startsWith(u"00000000  00 01 41 42"_s),
             qPrintable(viewer->shownText()));
    viewer->close();
}

void tst_ResultGrid::prettyJsonAndHex()
{
    QCOMPARE(ui::ValueViewer::prettyJson(u"not json"_s), QString());
    QVERIFY(ui::ValueViewer::prettyJson(u"{\"a\":1}"_s).contains(u"    \"a\": 1"_s));
    const QString dump = ui::ValueViewer::hexDump(QByteArray(40, 'z'), 32);
    QCOMPARE(dump.count(u'\n'), 2);
    QVERIFY2(dump.contains(u"zzzzzzzzzzzzzzzz"_s), qPrintable(dump));
    QVERIFY2(dump.contains(u"8"_s), qPrintable(dump)); // "… 8 more bytes not shown"
}

void tst_ResultGrid::suggestedFileNames_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name");
    QTest::newRow("question") << u"How many orders per city?"_s << u"how-many-orders-per-city"_s;
    QTest::newRow("Chinese") << u"每个城市的订单数"_s << u"每个城市的订单数"_s;
    QTest::newRow("nothing left") << u"?!"_s << u"result"_s;
    QTest::newRow("path characters") << u"a/b\\c:d"_s << u"a-b-c-d"_s;
}

void tst_ResultGrid::suggestedFileNames()
{
    QFETCH(QString, text);
    QFETCH(QString, name);
    QCOMPARE(ui::SaveFileDialog::fileNameFrom(text, u"result"_s), name);
    QVERIFY(ui::SaveFileDialog::fileNameFrom(QString(200, u'a'), u"r"_s).size() <= 60);
}

QTEST_MAIN(tst_ResultGrid)
#include "tst_resultgrid.moc"
