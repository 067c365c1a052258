#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace sqlmend::core {
class ResultModel;
}

namespace sqlmend::ui {

class Session;

// A result's rows in a lazy table, with copy (CSV, Markdown) of the selection and export of the
// FULL result (not only the preview) to CSV or JSON Lines, streamed on the connection's worker
// with a progress bar and a cancel button.
class ResultsView : public QWidget
{
    Q_OBJECT

public:
    ResultsView(Session *session, core::ResultModel *model, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }

    // What the rows came from, for a full export.
    void setSource(int connection, const QString &sql);
    void clearSource();

    // The selection (or the current cell) as text.
    QString selectionAsCsv() const;
    QString selectionAsMarkdown() const;
    void copySelectionAsCsv();
    void copySelectionAsMarkdown();

    // formatName: "csv" or "jsonl". False when nothing can be exported now.
    bool exportTo(const QString &path, const QString &formatName);
    // Asks for a file, then exports.
    void exportInteractively();
    void cancelExport();
    bool isExporting() const;

Q_SIGNALS:
    void exportDone(bool ok, const QString &message);

private:
    QString selectionAs(const QString &formatName) const;
    void updateStatus();
    void setExporting(bool on);

    Session *m_session;
    core::ResultModel *m_model;
    int m_connection = 0;
    QString m_sql;
    QTableView *m_table = nullptr;
    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_exportButton = nullptr;
    bool m_exporting = false;
};

} // namespace sqlmend::ui
