// Business notes in the schema browser: a note edited on a table and on a column of a real
// SQLite connection is stored in a real case store under the connection's datasource and shows
// in the tree; the glossary editor stores its terms; the catalog comment is where a note starts.

#include "core/cases/casestore.h"
#include "core/cases/casestoreservice.h"
#include "core/cases/notestore.h"
#include "core/sql/connectionprofile.h"
#include "ui/glossarydialog.h"
#include "ui/notedialog.h"
#include "ui/schemadock.h"
#include "ui/schematreemodel.h"
#include "ui/session.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using ui::SchemaDock;
using ui::SchemaTreeModel;

namespace {

constexpr int slowMs = 30000; // a loaded CI machine; the outcome is what is checked

core::BusinessNotes storedNotes(const QString &store, const QString &datasource)
{
    core::CaseStore cases;
    if (!cases.open(store))
        return {};
    return core::NoteStore(cases).notes(datasource).valueOr({});
}

// The dialog the dock just opened (a closed one may linger until its deferred deletion).
template<typename T>
T *shownDialog(QWidget *parent)
{
    for (T *dialog : parent->findChildren<T *>()) {
        if (dialog->isVisible())
            return dialog;
    }
    return nullptr;
}

} // namespace

class TestSchemaNotes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void editsATableAndAColumnNote();
    void editsTheGlossary();
    void commentIsWhereANoteStarts();
    void modelWithNotes();

private:
    QTemporaryDir m_dir;
    QString m_database;
};

void TestSchemaNotes::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_database = m_dir.filePath(u"shop.sqlite"_s);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"setup"_s);
        db.setDatabaseName(m_database);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"CREATE TABLE t_ord (id INTEGER PRIMARY KEY, amt INTEGER, st TEXT)"_s));
        QVERIFY(query.exec(u"CREATE TABLE t_cst (id INTEGER PRIMARY KEY, nm TEXT)"_s));
    }
    QSqlDatabase::removeDatabase(u"setup"_s);
}

void TestSchemaNotes::editsATableAndAColumnNote()
{
    const QString store = m_dir.filePath(u"notes-1.sqlite"_s);
    auto service = std::make_shared<core::CaseStoreService>();
    QVERIFY(service->open(store).result());
    ui::Session session;
    SchemaDock dock(&session);
    QAbstractItemModelTester tester(dock.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    dock.setCaseStore(service);
    dock.show();
    QSignalSpy loaded(&dock, &SchemaDock::notesLoaded);
    const auto profile = core::ConnectionProfile::fromUrl(u"sqlite:///"_s + m_database);
    QVERIFY(profile);
    const int connection = session.open(*profile);
    SchemaTreeModel &model = *dock.model();
    QTRY_VERIFY_WITH_TIMEOUT(model.tableIndex(connection, u"main"_s, u"t_ord"_s).isValid(), slowMs);
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), slowMs);
    const QModelIndex table = model.tableIndex(connection, u"main"_s, u"t_ord"_s);

    // The table: Edit Note…, type, Save.
    QVERIFY(dock.editNote(table));
    ui::NoteDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = shownDialog<ui::NoteDialog>(&dock)));
    QCOMPARE(dialog->descriptionEdit()->toPlainText(), QString()); // SQLite has no comment
    dialog->descriptionEdit()->setPlainText(u"One row per checkout"_s);
    QTest::keyClicks(dialog->synonymsEdit(), u"sale, purchase ,sale"_s);
    loaded.clear();
    dialog->accept();
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), slowMs);
    QTRY_VERIFY_WITH_TIMEOUT(model.tableIndex(connection, u"main"_s, u"t_ord"_s)
                                     .data(Qt::ToolTipRole)
                                     .toString()
                                     .contains(u"Note: One row per checkout"_s),
                             slowMs);
    QVERIFY(table.data(Qt::ToolTipRole).toString().contains(u"Also called: sale, purchase"_s));
    QCOMPARE(table.data(SchemaTreeModel::NoteRole).toString(),
             u"One row per checkout; also: sale, purchase"_s);

    // A column: its row under the table.
    const QModelIndex tableNow = model.tableIndex(connection, u"main"_s, u"t_ord"_s);
    QModelIndex status;
    for (int row = 0; row < model.rowCount(tableNow); ++row) {
        const QModelIndex column = model.index(row, 0, tableNow);
        if (column.data(SchemaTreeModel::NameRole).toString() == u"st")
            status = column;
    }
    QVERIFY(status.isValid());
    QVERIFY(dock.editNote(status));
    ui::NoteDialog *columnDialog = nullptr;
    QTRY_VERIFY((columnDialog = shownDialog<ui::NoteDialog>(&dock)));
    QTest::keyClicks(columnDialog->valuesEdit(), u"paid, refunded"_s);
    loaded.clear();
    columnDialog->accept();
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), slowMs);
    QTRY_VERIFY_WITH_TIMEOUT(
            status.data(Qt::ToolTipRole).toString().contains(u"Values: paid, refunded"_s), slowMs);

    // Stored under the datasource the correction loop reads them under.
    const core::BusinessNotes notes = storedNotes(store, profile->toUrl());
    QCOMPARE(notes.notes().size(), 2);
    QVERIFY(notes.find(u"t_ord"_s));
    QCOMPARE(notes.find(u"t_ord"_s)->synonyms, (QStringList{u"sale"_s, u"purchase"_s}));
    QVERIFY(notes.find(u"t_ord"_s, u"st"_s));
    QCOMPARE(notes.find(u"t_ord"_s, u"st"_s)->allowedValues,
             (QStringList{u"paid"_s, u"refunded"_s}));

    // Cancel changes nothing; clearing every field and saving removes the note.
    QVERIFY(dock.editNote(status));
    ui::NoteDialog *cancelled = nullptr;
    QTRY_VERIFY((cancelled = shownDialog<ui::NoteDialog>(&dock)));
    cancelled->valuesEdit()->clear();
    cancelled->reject();
    QVERIFY(dock.editNote(status));
    ui::NoteDialog *cleared = nullptr;
    QTRY_VERIFY((cleared = shownDialog<ui::NoteDialog>(&dock)));
    QCOMPARE(cleared->valuesEdit()->text(), u"paid, refunded"_s);
    cleared->valuesEdit()->clear();
    loaded.clear();
    cleared->accept();
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), slowMs);
    QTRY_COMPARE_WITH_TIMEOUT(storedNotes(store, profile->toUrl()).notes().size(), 1, slowMs);
    QVERIFY(!status.data(Qt::ToolTipRole).toString().contains(u"Values:"_s));
}

void TestSchemaNotes::editsTheGlossary()
{
    const QString store = m_dir.filePath(u"notes-2.sqlite"_s);
    auto service = std::make_shared<core::CaseStoreService>();
    QVERIFY(service->open(store).result());
    ui::Session session;
    SchemaDock dock(&session);
    dock.setCaseStore(service);
    dock.show();
    QSignalSpy loaded(&dock, &SchemaDock::notesLoaded);
    const auto profile = core::ConnectionProfile::fromUrl(u"sqlite:///"_s + m_database);
    const int connection = session.open(*profile);
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), slowMs);

    QVERIFY(dock.editGlossary(connection));
    ui::GlossaryDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = shownDialog<ui::GlossaryDialog>(&dock)));
    QCOMPARE(dialog->table()->rowCount(), 0);
    dialog->addTerm();
    dialog->table()->item(0, 0)->setText(u"active customer"_s);
    dialog->table()->item(0, 1)->setText(u"a customer with a paid order in 90 days"_s);
    dialog->table()->item(0, 2)->setText(u"t_cst, t_ord"_s);
    loaded.clear();
    dialog->accept();
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), slowMs);
    QTRY_COMPARE_WITH_TIMEOUT(dock.model()->notes(connection).terms().size(), 1, slowMs);
    const core::BusinessNotes notes = storedNotes(store, profile->toUrl());
    QCOMPARE(notes.terms().size(), 1);
    QCOMPARE(notes.terms().first().tables, (QStringList{u"t_cst"_s, u"t_ord"_s}));

    // Opened again it lists the term; removing it and saving empties the glossary.
    QVERIFY(dock.editGlossary(connection));
    ui::GlossaryDialog *again = nullptr;
    QTRY_VERIFY((again = shownDialog<ui::GlossaryDialog>(&dock)));
    QCOMPARE(again->table()->rowCount(), 1);
    QCOMPARE(again->table()->item(0, 0)->text(), u"active customer"_s);
    again->table()->removeRow(0);
    loaded.clear();
    again->accept();
    QTRY_VERIFY_WITH_TIMEOUT(!loaded.isEmpty(), slowMs);
    QTRY_COMPARE_WITH_TIMEOUT(storedNotes(store, profile->toUrl()).terms().size(), 0, slowMs);
}

void TestSchemaNotes::commentIsWhereANoteStarts()
{
    ui::NoteDialog fresh(u"orders"_s, {}, u"ERP export of orders"_s, nullptr);
    QCOMPARE(fresh.descriptionEdit()->toPlainText(), u"ERP export of orders"_s);
    auto *comment = fresh.findChild<QLabel *>(u"catalogComment"_s);
    QVERIFY(comment);
    QVERIFY(comment->text().contains(u"ERP export of orders"_s));

    core::BusinessNote note;
    note.table = u"orders"_s;
    note.description = u"Checkouts"_s;
    note.synonyms = {u"sale"_s};
    ui::NoteDialog noted(u"orders"_s, {}, u"ERP export of orders"_s, &note);
    QCOMPARE(noted.descriptionEdit()->toPlainText(), u"Checkouts"_s);
    QCOMPARE(noted.synonymsEdit()->text(), u"sale"_s);
    QCOMPARE(noted.note(), note);
}

void TestSchemaNotes::modelWithNotes()
{
    SchemaTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.addConnection(1, u"Shop"_s);
    model.setSchemas(1, {u"main"_s}, u"main"_s);
    core::CatalogTable orders;
    orders.schema = u"main"_s;
    orders.name = u"orders"_s;
    orders.comment = u"ERP export"_s;
    core::CatalogColumn total;
    total.name = u"total"_s;
    total.type = u"integer"_s;
    total.comment = u"gross"_s;
    orders.columns.append(total);
    model.setTables(1, u"main"_s, {orders});
    const QModelIndex table = model.tableIndex(1, u"main"_s, u"orders"_s);
    QCOMPARE(table.data(SchemaTreeModel::NoteRole).toString(), u"ERP export"_s);
    QVERIFY(!table.data(Qt::ToolTipRole).toString().contains(u"Comment:"_s));

    core::BusinessNote note;
    note.table = u"ORDERS"_s; // names are matched whatever their letter case
    note.description = u"Checkouts"_s;
    core::BusinessNote column;
    column.table = u"orders"_s;
    column.column = u"total"_s;
    column.formula = u"sum(total)"_s;
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setNotes(1, core::BusinessNotes({note, column}, {}));
    QCOMPARE_GE(changed.size(), 2);
    QCOMPARE(table.data(SchemaTreeModel::NoteRole).toString(), u"Checkouts"_s);
    QCOMPARE(table.data(SchemaTreeModel::CommentRole).toString(), u"ERP export"_s);
    const QString tip = table.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"Comment: ERP export"_s) && tip.contains(u"Note: Checkouts"_s),
             qPrintable(tip));
    const QModelIndex totalRow = model.index(0, 0, table);
    QCOMPARE(totalRow.data(SchemaTreeModel::NoteRole).toString(), u"gross; formula: sum(total)"_s);
    QVERIFY(totalRow.data(Qt::ToolTipRole).toString().contains(u"Formula: sum(total)"_s));
    // Filtering and removing the connection keep the model consistent (the tester checks).
    model.setFilter(u"tot"_s);
    model.setFilter({});
    model.setNotes(1, {});
    QCOMPARE(model.tableIndex(1, u"main"_s, u"orders"_s).data(SchemaTreeModel::NoteRole).toString(),
             u"ERP export"_s);
    model.removeConnection(1);
    model.setNotes(1, core::BusinessNotes({note}, {})); // a closed connection: nothing happens
    QCOMPARE(model.rowCount(), 0);
}

QTEST_MAIN(TestSchemaNotes)
#include "tst_schemanotes.moc"
