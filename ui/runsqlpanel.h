#pragma once

#include "core/exec/runresult.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTabWidget;
class QToolButton;

namespace sqlmend::core {
class ResultModel;
}

namespace sqlmend::ui {

class ChartPanel;
class DiagnosisCard;
class FindBar;
class ResultsView;
class Session;
class SqlEditor;
class SqlHighlighter;

// Write SQL and run it on the current connection: rows go to the results grid and the chart, a
// failure to the diagnosis card (class, root cause, advice, raw error, and the closest real names
// as quick fixes that edit the statement undoably). Ctrl+Enter runs the selection, or else the
// statement under the cursor; Esc and Ctrl+. stop. The editor completes keywords and the live
// catalog's names, finds and replaces (Ctrl+F, Ctrl+H), and each connection keeps the
// statements run on it (History).
class RunSqlPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int defaultRowCap = 1000;

    explicit RunSqlPanel(Session *session, QWidget *parent = nullptr);
    ~RunSqlPanel() override;

    void setConnection(int connection);
    int connection() const { return m_connection; }

    QPlainTextEdit *editor() const;
    SqlEditor *sqlEditor() const { return m_editor; }
    FindBar *findBar() const { return m_findBar; }
    QToolButton *historyButton() const { return m_historyButton; }
    ResultsView *resultsView() const { return m_results; }
    ChartPanel *chartPanel() const { return m_chart; }
    DiagnosisCard *diagnosisCard() const { return m_card; }
    core::ResultModel *resultModel() const { return m_model; }
    QTabWidget *tabs() const { return m_tabs; }
    QSplitter *splitter() const { return m_splitter; }

    bool isRunning() const { return m_generation != 0; }
    // The outcome of the last finished run.
    std::optional<core::RunResult> lastResult() const { return m_lastResult; }
    // The SQL of the last run started here.
    QString lastRunSql() const { return m_runningSql; }

    // Rows a run fetches into the grid (Settings); Load All lifts it once.
    void setRowCap(int rows);
    int rowCap() const { return m_rowCap; }

    void setSql(const QString &sql);
    // Inserts text at the cursor (a name from the schema browser).
    void insertText(const QString &text);
    // What Run runs: the selection, else the statement under (or just before) the cursor.
    QString sqlToRun() const;
    // The statements run on the current connection, newest first.
    QStringList history() const;
    // Writes realName for every use of wrongName in the statement last run (one undoable
    // edit); false when the editor holds no such name.
    bool applyQuickFix(const QString &wrongName, const QString &realName);
    void showFind(bool replace);

public Q_SLOTS:
    void run();
    void stop();
    // Runs the last statement again without the row cap (the grid's own bound still holds).
    void loadAllRows();

Q_SIGNALS:
    void runningChanged(bool running);
    void finished(const sqlmend::core::RunResult &result);
    void statusMessage(const QString &message);

private:
    void runStatement(const QString &sql, int maxRows);
    void onRunStarted(int connection, quint64 generation);
    void onBatch(int connection, const core::ResultBatch &batch);
    void onFinished(int connection, const core::RunResult &result);
    void setRunning(quint64 generation);
    void fillHistoryMenu();
    // [start, end) of the text sqlToRun() gives, in the editor's text.
    QPair<int, int> runRange() const;

    Session *m_session;
    int m_connection = 0;
    quint64 m_generation = 0;
    bool m_starting = false;
    int m_rowCap = defaultRowCap;
    bool m_namesRequested = false;
    QString m_runningSql;
    std::optional<core::RunResult> m_lastResult;
    core::ResultModel *m_model = nullptr;
    SqlEditor *m_editor = nullptr;
    FindBar *m_findBar = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_stopButton = nullptr;
    QToolButton *m_historyButton = nullptr;
    QLabel *m_status = nullptr;
    QSplitter *m_splitter = nullptr;
    QTabWidget *m_tabs = nullptr;
    ResultsView *m_results = nullptr;
    ChartPanel *m_chart = nullptr;
    DiagnosisCard *m_card = nullptr;
};

} // namespace sqlmend::ui
