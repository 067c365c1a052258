#pragma once

#include "core/export/exportwriter.h"
#include "core/export/rowsource.h"

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

class QWidget;

namespace sqlmend::ui {

class Session;

// Writes a result to a file, off the GUI thread, in one of the export formats: either the rows a
// view already holds (on a pool thread, from a RowSource that shares them), or, when the view
// holds only part of the result, the full result of its SQL run again on the connection's worker
// (Session::exportResult). One export at a time; progress and the end come back as signals.
class ResultExporter : public QObject
{
    Q_OBJECT

public:
    static constexpr int progressIntervalMs = 200;

    explicit ResultExporter(Session *session, QObject *parent = nullptr);
    ~ResultExporter() override;

    void setSession(Session *session);
    Session *session() const { return m_session; }

    bool isExporting() const { return m_running; }
    bool exportRows(const core::RowSource &rows, const QString &path, core::ExportFormat format);
    bool exportQuery(int connection, const QString &sql, const QString &path,
                     core::ExportFormat format);
    void cancel();

    // Asks for a file in every export format (non-modal); done() hears the path and format.
    // holdsAll false: the dialog says the query runs again. The dialog is returned, shown.
    static QWidget *chooseFile(QWidget *parent, const QString &suggestedName, bool holdsAll,
                               const QObject *context,
                               std::function<void(const QString &, core::ExportFormat)> done);

Q_SIGNALS:
    void progress(qint64 rows);
    // message: for people ("Exported 12 rows to /tmp/a.csv.", "Export failed: ...").
    void finished(bool ok, const QString &message);

private:
    struct RowJob;
    void end(qint64 rows, const QString &path, const QString &error, bool cancelled);

    QPointer<Session> m_session;
    bool m_running = false;
    bool m_queryExport = false;
    std::shared_ptr<RowJob> m_job;
    QTimer m_progressTimer;
};

} // namespace sqlmend::ui
