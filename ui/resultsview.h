#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace sqlmend::core {
class ResultModel;
}

namespace sqlmend::ui {

class ResultExporter;
class ResultGrid;
class Session;

// A result's rows in a lazy grid (ResultGrid: NULL and empty strings apart, sorting, a filter,
// fitted columns, a value viewer, copy), with a note when the grid holds only the first rows
// and a way to load them all, and export in every format: what the grid holds when it holds the
// whole result (as shown, sorted and filtered), else the full result of the query run again on
// the connection's worker; with progress and cancel.
class ResultsView : public QWidget
{
    Q_OBJECT

public:
    ResultsView(Session *session, core::ResultModel *model, QWidget *parent = nullptr);

    ResultGrid *table() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }
    QPushButton *loadAllButton() const { return m_loadAll; }
    ResultExporter *exporter() const { return m_exporter; }

    // What the rows came from, for a full export.
    void setSource(int connection, const QString &sql);
    void clearSource();

    // True when the grid holds every row of the result (an export writes them as shown).
    bool holdsWholeResult() const;
    QString statusText() const;
    QString noteText() const;

    // The selection (or the current cell) as text.
    QString selectionAsCsv() const;
    QString selectionAsMarkdown() const;

    // formatName: csv, json, jsonl, markdown or xlsx. False when nothing can be exported now.
    bool exportTo(const QString &path, const QString &formatName);
    // Asks for a file, then exports.
    void exportInteractively();
    void cancelExport();
    bool isExporting() const;
    // A name for the export file ("orders" from the query's first table).
    QString suggestedFileName() const;

Q_SIGNALS:
    void exportDone(bool ok, const QString &message);
    // The grid holds only the first rows: run the query again without the row cap.
    void loadAllRequested();

private:
    void updateStatus();
    void setExporting(bool on);

    Session *m_session;
    core::ResultModel *m_model;
    int m_connection = 0;
    QString m_sql;
    ResultGrid *m_table = nullptr;
    ResultExporter *m_exporter = nullptr;
    QLineEdit *m_filter = nullptr;
    QLabel *m_note = nullptr;
    QPushButton *m_loadAll = nullptr;
    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_exportButton = nullptr;
};

} // namespace sqlmend::ui
