#pragma once

#include "core/exec/runresult.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QSplitter;
class QTabWidget;

namespace sqlmend::core {
class ResultModel;
}

namespace sqlmend::ui {

class ChartPanel;
class DiagnosisCard;
class ResultsView;
class Session;
class SqlHighlighter;

// Write SQL and run it on the current connection: rows go to the results table and the chart,
// a failure to the diagnosis card (class, root cause, advice, raw error). Ctrl+Enter runs; Esc
// and Ctrl+. stop.
class RunSqlPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunSqlPanel(Session *session, QWidget *parent = nullptr);
    ~RunSqlPanel() override;

    void setConnection(int connection);
    int connection() const { return m_connection; }

    QPlainTextEdit *editor() const { return m_editor; }
    ResultsView *resultsView() const { return m_results; }
    ChartPanel *chartPanel() const { return m_chart; }
    DiagnosisCard *diagnosisCard() const { return m_card; }
    core::ResultModel *resultModel() const { return m_model; }
    QTabWidget *tabs() const { return m_tabs; }
    QSplitter *splitter() const { return m_splitter; }

    bool isRunning() const { return m_generation != 0; }
    // The outcome of the last finished run.
    std::optional<core::RunResult> lastResult() const { return m_lastResult; }

    void setSql(const QString &sql);
    // Inserts text at the cursor (a name from the schema browser).
    void insertText(const QString &text);

public Q_SLOTS:
    void run();
    void stop();

Q_SIGNALS:
    void runningChanged(bool running);
    void finished(const sqlmend::core::RunResult &result);
    void statusMessage(const QString &message);

private:
    void onRunStarted(int connection, quint64 generation);
    void onBatch(int connection, const core::ResultBatch &batch);
    void onFinished(int connection, const core::RunResult &result);
    void setRunning(quint64 generation);

    Session *m_session;
    int m_connection = 0;
    quint64 m_generation = 0;
    bool m_starting = false;
    QString m_runningSql;
    std::optional<core::RunResult> m_lastResult;
    core::ResultModel *m_model = nullptr;
    QPlainTextEdit *m_editor = nullptr;
    SqlHighlighter *m_highlighter = nullptr;
    QPushButton *m_runButton = nullptr;
    QPushButton *m_stopButton = nullptr;
    QLabel *m_status = nullptr;
    QSplitter *m_splitter = nullptr;
    QTabWidget *m_tabs = nullptr;
    ResultsView *m_results = nullptr;
    ChartPanel *m_chart = nullptr;
    DiagnosisCard *m_card = nullptr;
};

} // namespace sqlmend::ui
