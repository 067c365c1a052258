// The history list, offscreen, on a temporary store: newest first, the filter, keyboard
// activation that loads the whole trace off the GUI thread, refresh after writes, the model
// tester, and a clear message when the store cannot be read.

#include "ui/historypanel.h"

#include "core/cases/casestore.h"
#include "core/cases/casestoreservice.h"
#include "ui/historymodel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLineEdit>
#include <QMenu>
#include <QListView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sqlmend;
using namespace Qt::StringLiterals;
using ui::HistoryModel;
using ui::HistoryPanel;

namespace {

template<typename T>
T awaited(QFuture<T> future)
{
    future.waitForFinished();
    return future.result();
}

core::QuestionTrace trace(const QString &question, core::QuestionStatus status, int attempts,
                          int minutesAgo)
{
    core::QuestionTrace trace;
    trace.question = question;
    trace.datasource = u"sqlite:///shop.db"_s;
    trace.dialect = u"sqlite"_s;
    trace.status = status;
    trace.started = QDateTime::currentDateTimeUtc().addSecs(-60 * minutesAgo);
    trace.finished = trace.started.addMSecs(900);
    for (int i = 0; i < attempts; ++i) {
        core::AttemptRecord attempt;
        attempt.index = i;
        attempt.sql = u"SELECT %1"_s.arg(i);
        const bool last = i == attempts - 1;
        attempt.outcome = last && status == core::QuestionStatus::Ok ? core::AttemptOutcome::Ok
                                                                     : core::AttemptOutcome::Error;
        if (attempt.outcome == core::AttemptOutcome::Error) {
            attempt.errorClass = u"column_missing"_s;
            attempt.rootCause = u"no such column: user_name"_s;
            attempt.advice = u"Use username."_s;
        }
        trace.attempts.append(attempt);
    }
    if (status == core::QuestionStatus::Ok)
        trace.finalSql = trace.attempts.constLast().sql;
    return trace;
}

} // namespace

class TestHistoryPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void listsNewestFirst();
    void filter_data();
    void filter();
    void enterOpensTheTrace();
    void followsWrites();
    void unreadableStoreIsSaid();
    void modelData_data();
    void modelData();
    void contextMenu();
    void forget();
    void namesTheDatabase();

private:
    std::unique_ptr<HistoryPanel> makePanel();

    QTemporaryDir m_dir;
    int m_files = 0;
    std::shared_ptr<core::CaseStoreService> m_store;
    QList<qint64> m_ids; // oldest first
};

void TestHistoryPanel::init()
{
    QVERIFY(m_dir.isValid());
    m_store = std::make_shared<core::CaseStoreService>();
    QVERIFY(awaited(m_store->open(m_dir.filePath(u"cases-%1.sqlite"_s.arg(++m_files)))));
    m_ids.clear();
    const QList<core::QuestionTrace> traces = {
            trace(u"How many users per city?"_s, core::QuestionStatus::Ok, 1, 30),
            trace(u"Who are the top 10 customers?"_s, core::QuestionStatus::Ok, 2, 20),
            trace(u"Total payments per method"_s, core::QuestionStatus::Failed, 3, 10),
    };
    for (const core::QuestionTrace &t : traces) {
        const auto id = awaited(m_store->saveHistory(t));
        QVERIFY(id);
        m_ids.append(id.value());
    }
}

void TestHistoryPanel::cleanup()
{
    m_store.reset();
}

std::unique_ptr<HistoryPanel> TestHistoryPanel::makePanel()
{
    auto panel = std::make_unique<HistoryPanel>();
    new QAbstractItemModelTester(
            panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, panel.get());
    panel->resize(400, 500);
    return panel;
}

void TestHistoryPanel::listsNewestFirst()
{
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(m_store);
    QVERIFY(listed.wait(10000));
    HistoryModel *model = panel->model();
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(model->index(0).data(HistoryModel::TraceIdRole).toLongLong(), m_ids.at(2));
    QCOMPARE(model->index(2).data(HistoryModel::TraceIdRole).toLongLong(), m_ids.at(0));
    QVERIFY(model->index(0).data().toString().startsWith(u"Total payments per method"_s));
    QCOMPARE(model->index(0).data(HistoryModel::StatusRole).toString(), u"failed"_s);
    QVERIFY(panel->statusText().contains(u"3"_s));
    QVERIFY(!panel->view()->accessibleName().isEmpty());
    QVERIFY(!panel->filterEdit()->accessibleName().isEmpty());
}

void TestHistoryPanel::filter_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("rows");
    QTest::newRow("word") << u"customers"_s << 1;
    QTest::newRow("letter case") << u"PER"_s << 2;
    QTest::newRow("nothing") << u"zebra"_s << 0;
    QTest::newRow("empty") << QString() << 3;
    QTest::newRow("junk") << QString::fromLatin1("\x01'%_\\\"", 6) << 0;
}

void TestHistoryPanel::filter()
{
    QFETCH(QString, text);
    QFETCH(int, rows);
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(m_store);
    QVERIFY(listed.wait(10000));
    panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel.get()));
    listed.clear();
    panel->focusFilter();
    QTest::keyClicks(panel->filterEdit(), u"x"_s); // typing again restarts the delay
    panel->filterEdit()->setText(text);
    QVERIFY(listed.wait(10000));
    QCOMPARE(listed.size(), 1); // typing is coalesced into one read
    QCOMPARE(panel->model()->rowCount(), rows);
    if (rows == 0)
        QVERIFY(panel->statusText().contains(text.isEmpty() ? u"No questions"_s : u"filter"_s));
}

void TestHistoryPanel::enterOpensTheTrace()
{
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(m_store);
    QVERIFY(listed.wait(10000));
    panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel.get()));

    QSignalSpy loaded(panel.get(), &HistoryPanel::traceLoaded);
    // From the filter, Enter moves into the list; there Enter opens the current entry.
    panel->focusFilter();
    QTest::keyClick(panel->filterEdit(), Qt::Key_Return);
    QVERIFY(panel->view()->hasFocus());
    QTest::keyClick(panel->view(), Qt::Key_Down);
    QCOMPARE(panel->view()->currentIndex().row(), 1);
    QTest::keyClick(panel->view(), Qt::Key_Return);
    QVERIFY(loaded.wait(10000));
    const auto opened = loaded.first().first().value<core::QuestionTrace>();
    QCOMPARE(opened.id, m_ids.at(1));
    QCOMPARE(opened.question, u"Who are the top 10 customers?"_s);
    QCOMPARE(opened.attempts.size(), 2);
    QCOMPARE(opened.attempts.at(0).errorClass, u"column_missing"_s);
    QCOMPARE(opened.attempts.at(0).advice, u"Use username."_s);
}

void TestHistoryPanel::followsWrites()
{
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(m_store);
    QVERIFY(listed.wait(10000));
    panel->view()->setCurrentIndex(panel->model()->index(1));
    listed.clear();
    // A burst of writes, as at the end of a question, is one read.
    for (int i = 0; i < 5; ++i)
        m_store->saveHistory(trace(u"New question %1"_s.arg(i), core::QuestionStatus::Ok, 1, 0));
    QVERIFY(listed.wait(10000));
    QTest::qWait(HistoryPanel::filterDelayMs + 100);
    QCOMPARE(listed.size(), 1);
    QCOMPARE(panel->model()->rowCount(), 8);
    QVERIFY(panel->model()->index(0).data().toString().startsWith(u"New question 4"_s));
    // The selection stays on the same question.
    QCOMPARE(panel->view()->currentIndex().data(HistoryModel::TraceIdRole).toLongLong(),
             m_ids.at(1));
}

void TestHistoryPanel::unreadableStoreIsSaid()
{
    auto store = std::make_shared<core::CaseStoreService>();
    QVERIFY(!awaited(store->open(u"mysql://me@host/db"_s)));
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(store);
    QVERIFY(listed.wait(10000));
    QCOMPARE(panel->model()->rowCount(), 0);
    QVERIFY2(panel->statusText().contains(u"cannot be read"_s), qPrintable(panel->statusText()));
    // Opening a row that is not there does nothing.
    QSignalSpy loaded(panel.get(), &HistoryPanel::traceLoaded);
    panel->openRow(0);
    QTest::qWait(50);
    QCOMPARE(loaded.size(), 0);
}

void TestHistoryPanel::modelData_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("statusName");
    QTest::newRow("ok") << int(core::QuestionStatus::Ok) << u"ok"_s;
    QTest::newRow("terminal") << int(core::QuestionStatus::Terminal) << u"terminal"_s;
    QTest::newRow("timeout") << int(core::QuestionStatus::Timeout) << u"timeout"_s;
}

void TestHistoryPanel::modelData()
{
    QFETCH(int, status);
    QFETCH(QString, statusName);
    HistoryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    core::QuestionTrace t = trace(QString(5000, u'q'), core::QuestionStatus(status), 2, 1);
    t.id = 42;
    t.attemptCount = 2;
    model.setTraces({t});
    const QModelIndex index = model.index(0);
    QCOMPARE(index.data(HistoryModel::StatusRole).toString(), statusName);
    QCOMPARE(index.data(HistoryModel::TraceIdRole).toLongLong(), qint64(42));
    // Long questions are cut for the list and kept longer in the tooltip.
    QVERIFY(index.data().toString().size() < 400);
    QVERIFY(index.data(Qt::ToolTipRole).toString().size() > 1000);
    QVERIFY(!index.data(Qt::AccessibleTextRole).toString().isEmpty());
    QCOMPARE(model.rowOfId(42), 0);
    QCOMPARE(model.rowOfId(7), -1);
    QVERIFY(!model.index(1).data().isValid());
}

namespace {

QAction *action(QMenu *menu, const QString &text)
{
    for (QAction *candidate : menu->actions()) {
        if (candidate->text() == text)
            return candidate;
    }
    return nullptr;
}

} // namespace

void TestHistoryPanel::contextMenu()
{
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(m_store);
    QVERIFY(listed.wait(10000));
    // Row 1: "Who are the top 10 customers?", answered by its second attempt.
    std::unique_ptr<QMenu> menu(panel->createContextMenu(1, nullptr));
    QSignalSpy ask(panel.get(), &HistoryPanel::askAgainRequested);
    QSignalSpy sql(panel.get(), &HistoryPanel::sqlRequested);
    QSignalSpy loaded(panel.get(), &HistoryPanel::traceLoaded);

    action(menu.get(), u"Ask Again"_s)->trigger();
    QCOMPARE(ask.size(), 1);
    QCOMPARE(ask.at(0).at(0).toString(), u"Who are the top 10 customers?"_s);
    QCOMPARE(ask.at(0).at(1).toString(), u"sqlite:///shop.db"_s);
    action(menu.get(), u"Run SQL Again"_s)->trigger();
    action(menu.get(), u"Open in Run SQL"_s)->trigger();
    QCOMPARE(sql.size(), 2);
    QCOMPARE(sql.at(0).at(0).toString(), u"SELECT 1"_s);
    QCOMPARE(sql.at(0).at(2).toBool(), true);
    QCOMPARE(sql.at(1).at(2).toBool(), false);
    action(menu.get(), u"Copy SQL"_s)->trigger();
    QCOMPARE(QApplication::clipboard()->text(), u"SELECT 1"_s);
    action(menu.get(), u"Copy Question"_s)->trigger();
    QCOMPARE(QApplication::clipboard()->text(), u"Who are the top 10 customers?"_s);
    action(menu.get(), u"Show Attempts"_s)->trigger();
    QVERIFY(loaded.wait(10000));
    QCOMPARE(loaded.at(0).at(0).value<core::QuestionTrace>().id, m_ids.at(1));

    // A question that failed has no SQL to run or copy; it can still be asked again.
    std::unique_ptr<QMenu> failed(panel->createContextMenu(0, nullptr));
    QVERIFY(!action(failed.get(), u"Run SQL Again"_s)->isEnabled());
    QVERIFY(!action(failed.get(), u"Copy SQL"_s)->isEnabled());
    QVERIFY(action(failed.get(), u"Ask Again"_s)->isEnabled());
    // Out of range: an empty menu, no crash.
    std::unique_ptr<QMenu> none(panel->createContextMenu(7, nullptr));
    QVERIFY(none->actions().isEmpty());
}

void TestHistoryPanel::forget()
{
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(m_store);
    QVERIFY(listed.wait(10000));
    listed.clear();
    std::unique_ptr<QMenu> menu(panel->createContextMenu(0, nullptr));
    action(menu.get(), u"Forget This Question"_s)->trigger();
    // The store announces the write; the list is read again without it.
    QVERIFY(listed.wait(10000));
    QCOMPARE(panel->model()->rowCount(), 2);
    QCOMPARE(panel->model()->rowOfId(m_ids.at(2)), -1);
    QVERIFY(!awaited(m_store->loadHistory(m_ids.at(2))));
}

void TestHistoryPanel::namesTheDatabase()
{
    auto panel = makePanel();
    QSignalSpy listed(panel.get(), &HistoryPanel::listed);
    panel->setCaseStore(m_store);
    QVERIFY(listed.wait(10000));
    const QModelIndex first = panel->model()->index(0);
    // Without a name from the window: the database's own (the SQLite file's).
    QCOMPARE(first.data(HistoryModel::DatasourceNameRole).toString(), u"shop.db"_s);
    QVERIFY2(first.data().toString().contains(u"shop.db"_s), qPrintable(first.data().toString()));
    // The connection's name, as typed in the connect dialog.
    panel->setDatasourceNamer([](const QString &datasource) {
        return datasource == u"sqlite:///shop.db"_s ? u"Shop (live)"_s : QString();
    });
    QCOMPARE(first.data(HistoryModel::DatasourceNameRole).toString(), u"Shop (live)"_s);
    QVERIFY(first.data().toString().contains(u"Shop (live)"_s));
    QVERIFY(first.data(Qt::ToolTipRole).toString().contains(u"Shop (live)"_s));
    QVERIFY(first.data(Qt::ToolTipRole).toString().contains(u"sqlite:///shop.db"_s));
}

QTEST_MAIN(TestHistoryPanel)
#include "tst_historypanel.moc"
