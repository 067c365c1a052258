#pragma once

#include "core/cases/conversationstore.h"
#include "core/cases/questiontrace.h"

#include <QHash>
#include <QTimer>
#include <QWidget>

#include <functional>
#include <memory>

class QLabel;
class QLineEdit;
class QListView;
class QMenu;

namespace sqlmend::core {
class CaseStoreService;
} // namespace sqlmend::core

namespace sqlmend::ui {

class HistoryModel;

// The questions asked before, newest first, from the case store's history: a filter box and a
// list. Activating an entry (Enter, double click) loads its whole trace, off the GUI thread, and
// hands it on with traceLoaded(); the shell shows it on the timeline. The context menu asks the
// question again, runs or opens its SQL in Run SQL, copies the SQL or the question, or forgets
// the entry. The list follows the store: it reads it again after every write
// (CaseStoreService::changed()).
class HistoryPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int filterDelayMs = 250;
    // The list shows at most this many questions; the filter reaches older ones.
    static constexpr int listLimit = 500;

    explicit HistoryPanel(QWidget *parent = nullptr);
    ~HistoryPanel() override;

    // Shared with the loops that write to it; null shows an empty list.
    void setCaseStore(std::shared_ptr<core::CaseStoreService> store);

    HistoryModel *model() const { return m_model; }
    QListView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }
    QString statusText() const;
    bool isBusy() const { return m_listing; }

    // Lists again now; the answer replaces the list unless a newer request was made.
    void refresh();
    // Loads the trace behind a row and emits traceLoaded().
    void openRow(int row);
    void focusFilter();
    // The row's actions, as the context menu shows them; the caller owns the menu.
    QMenu *createContextMenu(int row, QWidget *parent);
    // Removes the row's question and its attempts from the store; the list follows.
    void forgetRow(int row);
    // What the shell calls a database; see HistoryModel::Namer.
    void setDatasourceNamer(std::function<QString(const QString &)> namer);

Q_SIGNALS:
    // After the model took a new list.
    void listed();
    void traceLoaded(const sqlmend::core::QuestionTrace &trace);
    void loadFailed(const QString &message);
    // From the context menu: the question to ask again, on the database it was asked of.
    void askAgainRequested(const QString &question, const QString &datasource);
    // Its final SQL, to run in Run SQL on its database (run) or to load there for editing.
    void sqlRequested(const QString &sql, const QString &datasource, bool run);
    // From the context menu: reopen the conversation the question was asked in, to continue it.
    void conversationRequested(qint64 traceId);

private:
    void takeList(quint64 generation, const QList<core::QuestionTrace> &traces,
                  const QString &error, const QHash<qint64, core::StoredTurn> &turns = {});
    void setStatus(const QString &text);
    void showContextMenu(const QPoint &position);

    std::shared_ptr<core::CaseStoreService> m_store;
    HistoryModel *m_model = nullptr;
    QLineEdit *m_filter = nullptr;
    QListView *m_view = nullptr;
    QLabel *m_status = nullptr;
    QTimer m_refreshTimer; // coalesces a burst of writes and typing into one read
    quint64 m_generation = 0;
    quint64 m_loadGeneration = 0;
    bool m_listing = false;
};

} // namespace sqlmend::ui
