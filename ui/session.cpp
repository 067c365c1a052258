#include "ui/session.h"

#include "ui/slicedrelease.h"

#include "core/continuation.h"
#include "core/exec/executor.h"
#include "core/export/exportjob.h"
#include "core/export/exportwriter.h"
#include "core/exec/livecatalog.h"
#include "core/schema/catalogloader.h"
#include "core/schema/schemacatalog.h"

#include <QDeadlineTimer>
#include <QSaveFile>
#include <QSqlError>
#include <QSqlDatabase>

#include <atomic>
#include <optional>
#include <utility>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// What a schema load hands back from the worker; plain values only.
struct SchemaListAnswer
{
    core::Result<QStringList, core::Diagnosis> schemas = QStringList();
    QString defaultSchema;
    core::Result<QList<core::CatalogTable>, core::Diagnosis> defaultTables =
            QList<core::CatalogTable>();
    core::SchemaNames names;
};

struct TablesAnswer
{
    core::Result<QList<core::CatalogTable>, core::Diagnosis> tables = QList<core::CatalogTable>();
    core::SchemaNames names;
};

struct ExportAnswer
{
    qint64 rows = 0;
    QString error;
    bool cancelled = false;
};

core::Diagnosis notOpenDiagnosis(const QSqlDatabase &database)
{
    const core::Engine engine = core::CatalogLoader::engineOf(database);
    if (database.lastError().text().trimmed().isEmpty())
        return core::diagnose(
                core::EngineError::fromText(engine, Session::tr("The connection is not open.")));
    return core::diagnose(core::EngineError::fromSqlError(engine, database.lastError()));
}

// Continues a job's future with its value on the session's thread; a job that never ran (its
// worker went away) has no value and no continuation.
template<typename T, typename F>
void whenReady(const QFuture<T> &future, QObject *context, F fn)
{
    core::onFinished(future, context, [fn = std::move(fn)](const QFuture<T> &done) {
        if (const std::optional<T> value = core::resultOf(done))
            fn(*value);
    });
}

} // namespace

struct Session::Connection
{
    int id = 0;
    core::ConnectionProfile profile;
    QString name; // the person's, from the connect dialog or the saved connections
    std::unique_ptr<core::Executor> executor;
    // Lives on the worker: only the jobs, which run there one after another, touch it.
    std::shared_ptr<std::optional<core::SchemaCatalog>> catalog =
            std::make_shared<std::optional<core::SchemaCatalog>>();
    quint64 schemaGeneration = 1;
    std::shared_ptr<const core::SchemaNames> names = std::make_shared<core::SchemaNames>();
    // What a run's diagnosis reads, lazily, on the worker: the same as sqlmend run's.
    std::shared_ptr<core::LiveCatalog> live = std::make_shared<core::LiveCatalog>();
};

struct Session::ExportState
{
    std::atomic<bool> cancelled{false}; // read by the job on the worker
    bool running = false;
    int connection = 0;
    quint64 job = 0;
    QString path;
};

Session::Session(QObject *parent) : QObject(parent) { }

Session::~Session()
{
    cancelExport();
    // Every worker is told to stop first, then all get the same few seconds to end: a server
    // stuck in a connect does not hold the window's exit for its whole connect timeout.
    const QDeadlineTimer deadline(core::Executor::shutdownWaitMs);
    for (const std::shared_ptr<Connection> &connection : std::as_const(m_connections)) {
        connection->executor->cancel();
        connection->executor->setShutdownDeadline(deadline);
    }
    m_connections.clear();
}

Session::Connection *Session::find(int connection) const
{
    const auto it = m_connections.constFind(connection);
    return it == m_connections.cend() ? nullptr : it->get();
}

int Session::open(const core::ConnectionProfile &profile, const QString &password,
                  const QString &name)
{
    auto connection = std::make_shared<Connection>();
    connection->id = m_nextId++;
    connection->profile = profile;
    connection->name = name.trimmed();
    connection->executor = std::make_unique<core::Executor>(profile, password);
    const int id = connection->id;
    core::Executor *executor = connection->executor.get();
    connect(executor, &core::Executor::batchReady, this,
            [this, id](const core::ResultBatch &batch) { Q_EMIT batchReady(id, batch); });
    // Every run's answer is relayed: each view knows the generations it started and drops the
    // others, so a run that another view superseded still ends in the view that started it.
    connect(executor, &core::Executor::runFinished, this,
            [this, id](const core::RunResult &result) { Q_EMIT runFinished(id, result); });
    connect(executor, &core::Executor::jobProgress, this, [this, id](quint64 job, qint64 rows) {
        if (m_export && m_export->running && m_export->connection == id && m_export->job == job)
            Q_EMIT exportProgress(rows);
    });
    m_connections.insert(id, connection);

    std::weak_ptr<Connection> weak = connection;
    whenReady(executor->open(), this,
              [this, id, weak](const core::Result<core::ServerInfo, core::Diagnosis> &answer) {
                  if (weak.expired())
                      return;
                  if (answer)
                      Q_EMIT connectionOpened(id, *answer);
                  else
                      Q_EMIT connectionFailed(id, answer.error());
              });
    return id;
}

core::Executor *Session::executor(int connection) const
{
    Connection *c = find(connection);
    return c ? c->executor.get() : nullptr;
}

void Session::close(int connection)
{
    // Out of the table before anything reacts to the executor going away.
    std::shared_ptr<Connection> closing = m_connections.take(connection);
    if (!closing)
        return;
    if (m_export && m_export->running && m_export->connection == connection) {
        // The export ends now for the view; the job stops at its next block and its answer is
        // dropped.
        m_export->cancelled.store(true);
        m_export->running = false;
        Q_EMIT exportFinished(0, m_export->path, tr("The connection was closed."), false);
    }
    // The window never waits for a server that stopped answering: the worker closes the
    // connection and ends by itself.
    closing->executor->setWaitsOnDestruction(false);
    // The catalog's names are freed a slice at a time: 50,000 tables at once stall the window.
    // Every SchemaNames here was made non-const (make_shared<SchemaNames>), so the last owner may
    // take its tables.
    if (std::shared_ptr<core::SchemaNames> names =
                std::const_pointer_cast<core::SchemaNames>(std::exchange(closing->names, nullptr));
        names && names.use_count() == 1)
        releaseInSlices(std::move(names->tables));
    closing.reset();
    Q_EMIT connectionClosed(connection);
}

bool Session::isOpen(int connection) const
{
    return find(connection) != nullptr;
}

QList<int> Session::connections() const
{
    QList<int> ids = m_connections.keys();
    std::sort(ids.begin(), ids.end());
    return ids;
}

core::ConnectionProfile Session::profile(int connection) const
{
    const Connection *c = find(connection);
    return c ? c->profile : core::ConnectionProfile();
}

QString Session::displayName(int connection) const
{
    const Connection *c = find(connection);
    if (!c)
        return {};
    return c->name.isEmpty() ? c->profile.displayName() : c->name;
}

quint64 Session::run(int connection, const QString &sql, core::RunOptions options)
{
    Connection *c = find(connection);
    if (!c)
        return 0;
    if (!options.schema && !options.catalog)
        options.catalog = c->live;
    const core::RunTicket ticket = c->executor->run(sql, options);
    Q_EMIT runStarted(connection, ticket.generation);
    return ticket.generation;
}

void Session::stop(int connection)
{
    if (Connection *c = find(connection))
        c->executor->cancel();
}

void Session::loadSchemas(int connection)
{
    Connection *c = find(connection);
    if (!c)
        return;
    auto catalog = c->catalog;
    const quint64 generation = c->schemaGeneration;
    const QString datasource = c->profile.toUrl(); // the catalog cache's key
    std::function<SchemaListAnswer(QSqlDatabase &)> job = [catalog, datasource](QSqlDatabase &db) {
        SchemaListAnswer answer;
        if (!db.isOpen()) {
            answer.schemas = core::makeUnexpected(notOpenDiagnosis(db));
            return answer;
        }
        if (!catalog->has_value())
            catalog->emplace(core::CatalogLoader::engineOf(db), datasource);
        answer.schemas = (*catalog)->schemas(db);
        if (answer.schemas) {
            // The default schema's tables come along: the tree opens on them, and advice needs
            // their names from the first run on.
            answer.defaultSchema = (*catalog)->defaultSchema(db);
            answer.defaultTables = (*catalog)->tables(db, answer.defaultSchema);
        }
        answer.names = (*catalog)->names();
        return answer;
    };
    std::weak_ptr<Connection> weak = m_connections.value(connection);
    whenReady(c->executor->submit(std::move(job)), this,
              [this, connection, weak, generation](const SchemaListAnswer &answer) {
                  const std::shared_ptr<Connection> c = weak.lock();
                  if (!c || c->schemaGeneration != generation)
                      return;
                  c->names = std::make_shared<core::SchemaNames>(answer.names);
                  if (!answer.schemas) {
                      Q_EMIT schemaLoadFailed(connection, QString(), answer.schemas.error());
                      return;
                  }
                  Q_EMIT schemasLoaded(connection, *answer.schemas, answer.defaultSchema);
                  if (answer.defaultTables)
                      Q_EMIT tablesLoaded(connection, answer.defaultSchema, *answer.defaultTables);
                  else
                      Q_EMIT schemaLoadFailed(connection, answer.defaultSchema,
                                              answer.defaultTables.error());
              });
}

void Session::loadTables(int connection, const QString &schema)
{
    Connection *c = find(connection);
    if (!c)
        return;
    auto catalog = c->catalog;
    const quint64 generation = c->schemaGeneration;
    const QString datasource = c->profile.toUrl();
    std::function<TablesAnswer(QSqlDatabase &)> job = [catalog, schema,
                                                       datasource](QSqlDatabase &db) {
        TablesAnswer answer;
        if (!db.isOpen()) {
            answer.tables = core::makeUnexpected(notOpenDiagnosis(db));
            return answer;
        }
        if (!catalog->has_value())
            catalog->emplace(core::CatalogLoader::engineOf(db), datasource);
        answer.tables = (*catalog)->tables(db, schema);
        answer.names = (*catalog)->names();
        return answer;
    };
    std::weak_ptr<Connection> weak = m_connections.value(connection);
    whenReady(c->executor->submit(std::move(job)), this,
              [this, connection, weak, generation, schema](const TablesAnswer &answer) {
                  const std::shared_ptr<Connection> c = weak.lock();
                  if (!c || c->schemaGeneration != generation)
                      return;
                  c->names = std::make_shared<core::SchemaNames>(answer.names);
                  if (answer.tables)
                      Q_EMIT tablesLoaded(connection, schema, *answer.tables);
                  else
                      Q_EMIT schemaLoadFailed(connection, schema, answer.tables.error());
              });
}

void Session::refreshSchema(int connection)
{
    Connection *c = find(connection);
    if (!c)
        return;
    ++c->schemaGeneration;
    c->live->invalidate();
    auto catalog = c->catalog;
    // The catalog belongs to the worker: forget it there, in order with the other jobs.
    std::function<bool(QSqlDatabase &)> job = [catalog](QSqlDatabase &) {
        if (catalog->has_value())
            (*catalog)->invalidate();
        return true;
    };
    c->executor->submit(std::move(job));
}

std::shared_ptr<const core::SchemaNames> Session::schemaNames(int connection) const
{
    const Connection *c = find(connection);
    return c ? c->names : std::make_shared<core::SchemaNames>();
}

bool Session::exportResult(int connection, const QString &sql, const QString &path,
                           const QString &formatName)
{
    Connection *c = find(connection);
    const std::optional<core::ExportFormat> format = core::exportFormatFromName(formatName);
    if (!c || !format || isExporting())
        return false;
    auto state = std::make_shared<ExportState>();
    state->running = true;
    state->connection = connection;
    state->path = path;
    m_export = state;
    const core::Engine engine = c->profile.engine();
    // Runs on the worker: it shares only the cancel flag, and reports through progress().
    auto cancelled = std::shared_ptr<std::atomic<bool>>(state, &state->cancelled);
    std::function<ExportAnswer(QSqlDatabase &, const core::Executor::Progress &)> job =
            [cancelled, sql, path, engine, format](QSqlDatabase &db,
                                                   const core::Executor::Progress &progress) {
                ExportAnswer answer;
                if (!db.isOpen()) {
                    answer.error = notOpenDiagnosis(db).advice.rootCause;
                    return answer;
                }
                QSaveFile file(path);
                if (!file.open(QIODevice::WriteOnly)) {
                    answer.error = file.errorString();
                    return answer;
                }
                const std::unique_ptr<core::ExportWriter> writer =
                        core::ExportWriter::create(*format, &file);
                core::ExportJob exportJob(db, sql, engine);
                exportJob.setProgressCallback(
                        [cancelled, &progress, &exportJob](qint64 rows) {
                            if (cancelled->load())
                                exportJob.cancel();
                            progress(rows);
                        },
                        1000);
                const core::Result<qint64> rows = exportJob.run(*writer);
                if (!rows) {
                    file.cancelWriting();
                    answer.cancelled = rows.error().code == u"cancelled"_s;
                    answer.error = rows.error().message;
                    return answer;
                }
                if (!file.commit()) {
                    answer.error = file.errorString();
                    return answer;
                }
                answer.rows = *rows;
                return answer;
            };
    whenReady(c->executor->submitReporting(std::move(job), &state->job), this,
              [this, state, path](const ExportAnswer &answer) {
                  if (!state->running)
                      return; // already ended for the view (its connection was closed)
                  state->running = false;
                  Q_EMIT exportFinished(answer.rows, path, answer.error, answer.cancelled);
              });
    return true;
}

void Session::cancelExport()
{
    if (m_export)
        m_export->cancelled.store(true);
}

bool Session::isExporting() const
{
    return m_export && m_export->running;
}

} // namespace sqlmend::ui
