#include "ui/historypanel.h"

#include "core/cases/casestoreservice.h"
#include "core/continuation.h"
#include "ui/historymodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// Runs fn with the store's answer on context's thread, and gives a future that ended without
// one (the store went away) a Failure.
template<typename T, typename F>
void whenAnswered(const QFuture<core::Result<T>> &future, QObject *context, F fn)
{
    core::onFinished(future, context, [fn](const QFuture<core::Result<T>> &done) {
        const std::optional<core::Result<T>> answer = core::resultOf(done);
        fn(answer ? *answer
                  : core::Result<T>(
                          core::makeFailure(HistoryPanel::tr("The case store went away."))));
    });
}

} // namespace

HistoryPanel::HistoryPanel(QWidget *parent) : QWidget(parent), m_model(new HistoryModel(this))
{
    setAccessibleName(tr("History"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(u"historyFilter"_s);
    m_filter->setPlaceholderText(tr("Filter past questions"));
    m_filter->setAccessibleName(tr("Filter the history"));
    m_filter->setClearButtonEnabled(true);
    layout->addWidget(m_filter);

    m_view = new QListView(this);
    m_view->setObjectName(u"historyList"_s);
    m_view->setAccessibleName(tr("Past questions"));
    m_view->setModel(m_model);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(true);
    m_view->setAlternatingRowColors(true);
    m_view->setUniformItemSizes(false);
    m_view->setToolTip(tr("Enter or a double click reopens a question's timeline; the context "
                          "menu asks it again, runs or copies its SQL"));
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &HistoryPanel::showContextMenu);
    layout->addWidget(m_view, 1);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setAccessibleName(tr("History status"));
    m_status->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(m_status);
    setFocusProxy(m_view);

    m_refreshTimer.setSingleShot(true);
    m_refreshTimer.setInterval(filterDelayMs);
    connect(&m_refreshTimer, &QTimer::timeout, this, &HistoryPanel::refresh);
    connect(m_filter, &QLineEdit::textChanged, this, [this] { m_refreshTimer.start(); });
    // Down from the filter goes to the list, as in a search field.
    connect(m_filter, &QLineEdit::returnPressed, this, [this] {
        if (m_model->rowCount() == 0)
            return;
        m_view->setFocus();
        if (!m_view->currentIndex().isValid())
            m_view->setCurrentIndex(m_model->index(0));
    });
    connect(m_view, &QAbstractItemView::activated, this,
            [this](const QModelIndex &index) { openRow(index.row()); });
    setStatus(tr("No case store."));
}

HistoryPanel::~HistoryPanel() = default;

void HistoryPanel::setCaseStore(std::shared_ptr<core::CaseStoreService> store)
{
    if (m_store)
        disconnect(m_store.get(), nullptr, this, nullptr);
    m_store = std::move(store);
    if (m_store) {
        connect(m_store.get(), &core::CaseStoreService::changed, this,
                [this] { m_refreshTimer.start(); });
    }
    refresh();
}

void HistoryPanel::refresh()
{
    m_refreshTimer.stop();
    const quint64 generation = ++m_generation;
    if (!m_store) {
        takeList(generation, {}, tr("No case store."));
        return;
    }
    m_listing = true;
    core::HistoryFilter filter;
    filter.text = m_filter->text().trimmed();
    // The questions and, for those asked in a conversation, their turn there: one job.
    struct Listed
    {
        QList<core::QuestionTrace> traces;
        QHash<qint64, core::StoredTurn> turns;
    };
    std::function<core::Result<Listed>(core::CaseStore &)> job =
            [filter](core::CaseStore &store) -> core::Result<Listed> {
        core::Result<QList<core::QuestionTrace>> traces = store.listHistory(filter, listLimit);
        if (!traces)
            return core::makeUnexpected(traces.error());
        QList<qint64> ids;
        for (const core::QuestionTrace &trace : traces.value())
            ids.append(trace.id);
        const auto turns = core::ConversationStore(store).turnsOfQuestions(ids);
        return Listed{std::move(traces).value(),
                      turns ? turns.value() : QHash<qint64, core::StoredTurn>()};
    };
    whenAnswered(m_store->submit(std::move(job)), this,
                 [this, generation](const core::Result<Listed> &listed) {
                     if (listed)
                         takeList(generation, listed->traces, {}, listed->turns);
                     else
                         takeList(generation, {}, listed.error().message);
                 });
}

void HistoryPanel::takeList(quint64 generation, const QList<core::QuestionTrace> &traces,
                            const QString &error, const QHash<qint64, core::StoredTurn> &turns)
{
    if (generation != m_generation)
        return; // a newer request is on its way
    m_listing = false;
    // The selection survives the swap when its question is still listed.
    const qint64 selected = m_view->currentIndex().data(HistoryModel::TraceIdRole).toLongLong();
    m_model->setTraces(traces, turns);
    const int row = selected ? m_model->rowOfId(selected) : -1;
    if (row >= 0)
        m_view->setCurrentIndex(m_model->index(row));
    if (!error.isEmpty())
        setStatus(tr("The history cannot be read: %1").arg(error));
    else if (traces.isEmpty())
        setStatus(m_filter->text().trimmed().isEmpty() ? tr("No questions yet.")
                                                       : tr("No question matches the filter."));
    else
        setStatus(tr("%n question(s)", nullptr, int(traces.size())));
    Q_EMIT listed();
}

void HistoryPanel::openRow(int row)
{
    if (!m_store || row < 0 || row >= m_model->rowCount())
        return;
    const qint64 id = m_model->traces().at(row).id;
    const quint64 generation = ++m_loadGeneration;
    setStatus(tr("Opening\u2026"));
    whenAnswered(
            m_store->loadHistory(id), this,
            [this, generation](const core::Result<core::QuestionTrace> &trace) {
                if (generation != m_loadGeneration)
                    return; // another entry was opened meanwhile
                if (!trace) {
                    setStatus(tr("The question cannot be opened: %1").arg(trace.error().message));
                    Q_EMIT loadFailed(trace.error().message);
                    return;
                }
                setStatus(tr("%n question(s)", nullptr, m_model->rowCount()));
                Q_EMIT traceLoaded(trace.value());
            });
}

QMenu *HistoryPanel::createContextMenu(int row, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    if (row < 0 || row >= m_model->rowCount())
        return menu;
    const QModelIndex index = m_model->index(row);
    const QString question = index.data(HistoryModel::QuestionRole).toString();
    const QString sql = index.data(HistoryModel::FinalSqlRole).toString();
    const QString datasource = m_model->traces().at(row).datasource;
    const qint64 id = m_model->traces().at(row).id;

    menu->addAction(tr("Show Attempts"), this, [this, id] {
        const int at = m_model->rowOfId(id);
        if (at >= 0)
            openRow(at);
    });
    menu->addAction(tr("Ask Again"), this, [this, question, datasource] {
        Q_EMIT askAgainRequested(question, datasource);
    });
    QAction *continueConversation =
            menu->addAction(tr("Continue Its Conversation"), this,
                            [this, id] { Q_EMIT conversationRequested(id); });
    continueConversation->setObjectName(u"continueConversation"_s);
    if (index.data(HistoryModel::TurnRole).toInt() < 0) {
        continueConversation->setEnabled(false);
        continueConversation->setToolTip(tr("This question was asked alone"));
    }
    QAction *run = menu->addAction(tr("Run SQL Again"), this, [this, sql, datasource] {
        Q_EMIT sqlRequested(sql, datasource, true);
    });
    QAction *open = menu->addAction(tr("Open in Run SQL"), this, [this, sql, datasource] {
        Q_EMIT sqlRequested(sql, datasource, false);
    });
    menu->addSeparator();
    QAction *copySql = menu->addAction(tr("Copy SQL"), this,
                                       [sql] { QApplication::clipboard()->setText(sql); });
    menu->addAction(tr("Copy Question"), this,
                    [question] { QApplication::clipboard()->setText(question); });
    menu->addSeparator();
    QAction *forget = menu->addAction(tr("Forget This Question"), this, [this, id] {
        const int at = m_model->rowOfId(id);
        if (at >= 0)
            forgetRow(at);
    });
    forget->setToolTip(tr("Remove the question and its attempts from the history"));
    // A question that never got SQL that answered has none to run or copy.
    for (QAction *action : {run, open, copySql}) {
        action->setEnabled(!sql.isEmpty());
        if (sql.isEmpty())
            action->setToolTip(tr("This question has no SQL that answered it"));
    }
    forget->setEnabled(m_store != nullptr);
    return menu;
}

void HistoryPanel::showContextMenu(const QPoint &position)
{
    const QModelIndex index = m_view->indexAt(position);
    if (!index.isValid())
        return;
    m_view->setCurrentIndex(index);
    QMenu *menu = createContextMenu(index.row(), this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_view->viewport()->mapToGlobal(position));
}

void HistoryPanel::forgetRow(int row)
{
    if (!m_store || row < 0 || row >= m_model->rowCount())
        return;
    const qint64 id = m_model->traces().at(row).id;
    std::function<core::Result<core::Done>(core::CaseStore &)> job = [id](core::CaseStore &store) {
        return store.removeHistory(id);
    };
    // A write: the store announces it, and the list is read again.
    whenAnswered(m_store->submit(std::move(job), true), this,
                 [this](const core::Result<core::Done> &done) {
                     setStatus(done ? tr("The question was forgotten.")
                                    : tr("The question cannot be forgotten: %1")
                                               .arg(done.error().message));
                 });
}

void HistoryPanel::setDatasourceNamer(std::function<QString(const QString &)> namer)
{
    m_model->setNamer(std::move(namer));
}

void HistoryPanel::focusFilter()
{
    m_filter->setFocus();
    m_filter->selectAll();
}

QString HistoryPanel::statusText() const
{
    return m_status->text();
}

void HistoryPanel::setStatus(const QString &text)
{
    m_status->setText(text);
}

} // namespace sqlmend::ui
