#pragma once

#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"
#include "core/exec/runoptions.h"
#include "core/exec/runresult.h"
#include "core/result.h"
#include "core/schema/catalogobjects.h"
#include "core/sql/connectionprofile.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <memory>

namespace sqlmend::core {
class Executor;
class SchemaCatalog;
} // namespace sqlmend::core

namespace sqlmend::ui {

// The GUI thread's facade over the core (DESIGN.md, "Folders are layers"): one executor per open
// connection, each with its worker thread. Every call returns at once; answers come back as
// signals carrying values. Runs and loads carry generation numbers, and answers of a superseded
// request are dropped before they are relayed.
class Session : public QObject
{
    Q_OBJECT

public:
    explicit Session(QObject *parent = nullptr);
    ~Session() override;

    // Opens a connection and answers with connectionOpened() or connectionFailed(); yields the
    // id the other calls take. name: what the person called it (shown wherever the connection
    // is named); empty names it after its database.
    int open(const core::ConnectionProfile &profile, const QString &password = {},
             const QString &name = {});
    void close(int connection);
    bool isOpen(int connection) const;
    QList<int> connections() const;
    core::ConnectionProfile profile(int connection) const;
    // The person's name for the connection, else its database's (file name, "db on host").
    QString displayName(int connection) const;

    // Runs one statement through the guard and the read-only session; batches and the result
    // arrive through batchReady() (latest generation only) and runFinished() (every run: compare
    // its generation with the one this call yields). Yields 0 when the connection is unknown.
    quint64 run(int connection, const QString &sql, core::RunOptions options = {});
    // Stops the running statement (the interrupt reaches the server).
    void stop(int connection);

    // Lists the schemas (schemasLoaded) and one schema's tables (tablesLoaded), on the worker.
    void loadSchemas(int connection);
    void loadTables(int connection, const QString &schema);
    // Forgets what was loaded, so that the next loads read the database again.
    void refreshSchema(int connection);
    // The names loaded so far, for advice that names the closest real table or column.
    std::shared_ptr<const core::SchemaNames> schemaNames(int connection) const;
    // The connection's executor, for a correction loop on the GUI thread; null when unknown.
    // Owned by the session: it dies when the connection closes (hold it in a QPointer).
    core::Executor *executor(int connection) const;

    // Streams the full result of sql into a file on the worker; answers with exportProgress()
    // and exportFinished(). The statement must already have passed the guard in a run.
    bool exportResult(int connection, const QString &sql, const QString &path,
                      const QString &formatName);
    void cancelExport();
    bool isExporting() const;

    // Statement timeout for runs, in milliseconds (0: none).
    void setDefaultTimeout(int milliseconds) { m_defaultTimeoutMs = milliseconds; }
    int defaultTimeout() const { return m_defaultTimeoutMs; }

Q_SIGNALS:
    void connectionOpened(int connection, const sqlmend::core::ServerInfo &info);
    void connectionFailed(int connection, const sqlmend::core::Diagnosis &diagnosis);
    void connectionClosed(int connection);
    void runStarted(int connection, quint64 generation);
    void batchReady(int connection, const sqlmend::core::ResultBatch &batch);
    void runFinished(int connection, const sqlmend::core::RunResult &result);
    void schemasLoaded(int connection, const QStringList &schemas, const QString &defaultSchema);
    void tablesLoaded(int connection, const QString &schema,
                      const QList<sqlmend::core::CatalogTable> &tables);
    void schemaLoadFailed(int connection, const QString &schema,
                          const sqlmend::core::Diagnosis &diagnosis);
    void exportProgress(qint64 rows);
    // rows: rows written; error empty on success.
    void exportFinished(qint64 rows, const QString &path, const QString &error, bool cancelled);

private:
    struct Connection;
    struct ExportState;
    Connection *find(int connection) const;

    QHash<int, std::shared_ptr<Connection>> m_connections;
    int m_nextId = 1;
    int m_defaultTimeoutMs = 30000;
    std::shared_ptr<ExportState> m_export;
};

} // namespace sqlmend::ui
