#include "core/cases/casestore.h"

#include "core/cases/attemptlinks.h"
#include "core/cases/jsonlinesinput.h"
#include "core/cases/searchtext.h"
#include "core/cases/sqlnormalizer.h"
#include "core/cases/storemigrations.h"
#include "core/cases/storetext.h"
#include "core/cases/storetime.h"
#include "core/errors/errorclass.h"
#include "core/sql/connectionprofile.h"
#include "core/sql/databasefile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QSqlError>
#include <QSqlQuery>
#include <QSet>
#include <QThread>
#include <QUuid>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

constexpr int busyTimeoutMs = 5000;
constexpr int maxSimilarCases = 100;

const QString caseColumns = u"cases.id, cases.kind, cases.question, cases.sql_text, "
                            "cases.datasource, cases.dialect, cases.columns_json, "
                            "cases.row_count, cases.error_class, cases.root_cause, "
                            "cases.attempts, cases.origin, cases.notes, cases.active, "
                            "cases.created_at, cases.updated_at"_s;

QVariant text(const QString &value)
{
    return QVariant(storable(value));
}

// What makes two cases the same case for an import: kind, question and SQL, as stored.
QByteArray caseKey(CaseKind kind, const QString &question, const QString &sql)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(caseKindName(kind).toUtf8());
    hash.addData(QByteArrayView("\0", 1));
    hash.addData(storable(question).toUtf8());
    hash.addData(QByteArrayView("\0", 1));
    hash.addData(storable(sql).toUtf8());
    return hash.result();
}

// SQLITE_BUSY (5) and SQLITE_LOCKED (6), which the driver reports as the primary result code;
// PostgreSQL's lock_not_available (55P03) after its lock timeout.
bool isBusy(const QSqlError &error)
{
    const QString code = error.nativeErrorCode();
    return code == u"5"_s || code == u"6"_s || code == u"55P03"_s;
}

// A datasource is a database URL: whatever form it takes, its password is never stored.
QVariant datasourceText(const QString &value)
{
    return text(ConnectionProfile::withoutPassword(value));
}

// Stable names in canonical spelling; unknown names were refused before.
QString canonicalClass(const QString &name)
{
    if (name.trimmed().isEmpty())
        return u""_s;
    const std::optional<ErrorClass> errorClass = errorClassFromName(name);
    return errorClass ? errorClassName(*errorClass) : name;
}

CaseRecord caseFromQuery(const QSqlQuery &query)
{
    CaseRecord record;
    record.id = query.value(0).toLongLong();
    record.kind = caseKindFromName(query.value(1).toString()).value_or(CaseKind::Good);
    record.question = query.value(2).toString();
    record.sql = query.value(3).toString();
    // Rows written before passwords were kept out lose theirs on the way out (lists, export).
    record.datasource = ConnectionProfile::withoutPassword(query.value(4).toString());
    record.dialect = query.value(5).toString();
    const QJsonArray columns = QJsonDocument::fromJson(query.value(6).toString().toUtf8()).array();
    for (const QJsonValue &column : columns)
        record.columns.append(column.toString());
    record.rowCount = query.value(7).toLongLong();
    record.errorClass = query.value(8).toString();
    record.rootCause = query.value(9).toString();
    record.attempts = query.value(10).toInt();
    record.origin = caseOriginFromName(query.value(11).toString()).value_or(CaseOrigin::Curated);
    record.notes = query.value(12).toString();
    record.active = query.value(13).toLongLong() != 0;
    record.created = storeTimestampFromText(query.value(14).toString());
    record.updated = storeTimestampFromText(query.value(15).toString());
    return record;
}

QString fixKeyHash(const QString &sqlKey, const QString &errorClass, const QString &rootCauseKey,
                   const QString &datasource)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &part : {sqlKey, errorClass, rootCauseKey, datasource}) {
        const QByteArray bytes = part.toUtf8();
        // Length-prefixed, so that no two different keys hash the same input.
        hash.addData(QByteArray::number(bytes.size()) + ':');
        hash.addData(bytes);
    }
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace

CaseStore::CaseStore() = default;

CaseStore::~CaseStore()
{
    close();
}

int CaseStore::latestSchemaVersion()
{
    return int(storeMigrations(StoreLocation::Backend::SQLite).size());
}

QSqlDatabase CaseStore::database() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

bool CaseStore::isPostgreSQL() const
{
    return m_location.backend() == StoreLocation::Backend::PostgreSQL;
}

bool CaseStore::isOpen() const
{
    return m_open;
}

Failure CaseStore::notOpen() const
{
    return {tr("the case store is not open"), u"not_open"_s};
}

Result<Done> CaseStore::open(const QString &location, const QString &password)
{
    close();
    QString urlPassword;
    Result<StoreLocation> parsed = StoreLocation::parse(location, &urlPassword);
    if (!parsed)
        return makeUnexpected(parsed.error());
    m_location = parsed.value();

    const QString driver = isPostgreSQL() ? u"QPSQL"_s : u"QSQLITE"_s;
    if (!QSqlDatabase::isDriverAvailable(driver)) {
        return makeFailure(tr("the Qt SQL driver %1 is not installed").arg(driver), u"driver"_s);
    }
    if (!isPostgreSQL() && m_location.path() != u":memory:") {
        const QFileInfo file(m_location.path());
        if (!QDir().mkpath(file.absolutePath())) {
            return makeFailure(tr("cannot create the folder %1 for the case store")
                                       .arg(QDir::toNativeSeparators(file.absolutePath())),
                               u"open"_s);
        }
        if (file.isDir()) {
            return makeFailure(tr("the case store %1 is a folder, not a file")
                                       .arg(QDir::toNativeSeparators(file.absoluteFilePath())),
                               u"open"_s);
        }
        // A FIFO would hang the open; a device or a socket is no store.
        if (const std::optional<QString> refusal = DatabaseFile::refusal(m_location.path()))
            return makeFailure(tr("cannot use %1 as the case store: %2")
                                       .arg(m_location.displayName(), *refusal),
                               u"open"_s);
    }

    m_connectionName = u"sqlmend-cases-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(driver, m_connectionName);
        if (isPostgreSQL()) {
            db.setHostName(m_location.host());
            if (m_location.port() > 0)
                db.setPort(m_location.port());
            db.setUserName(m_location.user());
            db.setPassword(password.isEmpty() ? urlPassword : password);
            db.setDatabaseName(m_location.database());
            db.setConnectOptions(m_location.connectOptions());
        } else {
            db.setDatabaseName(m_location.path());
            db.setConnectOptions(u"QSQLITE_BUSY_TIMEOUT=%1"_s.arg(busyTimeoutMs));
        }
        if (!db.open()) {
            const QString reason = db.lastError().text();
            db = QSqlDatabase();
            QSqlDatabase::removeDatabase(m_connectionName);
            m_connectionName.clear();
            return makeFailure(
                    tr("cannot open the case store %1: %2").arg(m_location.displayName(), reason),
                    u"open"_s);
        }
    }
    m_open = true;

    // Before any setup: switching to WAL alone would already change someone else's file.
    Result<Done> ready = isPostgreSQL() ? Result<Done>(Done{}) : refuseForeignFile();
    if (ready)
        ready = isPostgreSQL() ? configurePostgreSQL() : configureSqlite();
    if (ready)
        ready = migrate();
    if (!ready) {
        close();
        return ready;
    }
    return Done{};
}

void CaseStore::close()
{
    if (m_connectionName.isEmpty())
        return;
    {
        QSqlDatabase db = database();
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_connectionName);
    m_connectionName.clear();
    m_open = false;
}

Result<Done> CaseStore::configureSqlite()
{
    // WAL: readers never block the writer. synchronous=FULL: a commit is on disk (WAL synced)
    // before COMMIT returns. kill -9 alone would be survived with NORMAL too, since the WAL is in
    // the OS page cache; FULL also keeps committed cases through a power loss, and costs one
    // fsync per commit, nothing at the rate cases are written.
    //
    // Switching a new file to WAL takes an exclusive lock, and SQLite answers SQLITE_BUSY at once
    // instead of calling the busy handler when another process is doing the same or is running
    // WAL recovery. So the setup is retried here, within the same bound as the busy timeout.
    for (const QString &pragma :
         {u"PRAGMA busy_timeout=%1"_s.arg(busyTimeoutMs), u"PRAGMA journal_mode=WAL"_s,
          u"PRAGMA synchronous=FULL"_s, u"PRAGMA foreign_keys=ON"_s}) {
        Result<Done> done = execWhileBusy(pragma);
        if (!done)
            return done;
    }
    return Done{};
}

Result<Done> CaseStore::refuseForeignFile()
{
    QStringList tables;
    QElapsedTimer waited;
    waited.start();
    int pauseMs = 5;
    for (;;) {
        QSqlQuery query(database());
        query.setForwardOnly(true);
        if (query.exec(u"SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                       "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"_s)) {
            while (query.next())
                tables.append(query.value(0).toString());
            break;
        }
        const QSqlError error = query.lastError();
        const bool busy = isBusy(error);
        if (!busy || waited.elapsed() >= busyTimeoutMs) {
            return makeFailure(tr("cannot use %1 as the case store: %2")
                                       .arg(m_location.displayName(), error.text()),
                               busy ? u"busy"_s : u"database"_s);
        }
        QThread::msleep(pauseMs);
        pauseMs = qMin(pauseMs * 2, 100);
    }
    // Empty, or a case store already (it has schema_version): ours to set up or migrate.
    if (tables.isEmpty() || tables.contains(u"schema_version"_s))
        return Done{};
    QStringList shown = tables.mid(0, 5);
    if (tables.size() > shown.size())
        shown.append(u"..."_s);
    return makeFailure(tr("%1 already holds other tables (%2) and is not a case store; SQLMend "
                          "writes its cases only into a new or empty file, or into an existing "
                          "case store")
                               .arg(m_location.displayName(), shown.join(u", "_s)),
                       u"foreign_file"_s);
}

Result<Done> CaseStore::execWhileBusy(const QString &sql)
{
    QElapsedTimer waited;
    waited.start();
    int pauseMs = 5;
    for (;;) {
        QSqlQuery query(database());
        if (query.exec(sql))
            return Done{};
        const QSqlError error = query.lastError();
        const bool busy = isBusy(error);
        if (!busy || waited.elapsed() >= busyTimeoutMs) {
            return makeFailure(
                    tr("the case store %1 failed: %2").arg(m_location.displayName(), error.text()),
                    busy ? u"busy"_s : u"database"_s);
        }
        QThread::msleep(pauseMs);
        pauseMs = qMin(pauseMs * 2, 100);
    }
}

Result<Done> CaseStore::configurePostgreSQL()
{
    // A shared server must not hang the caller's thread forever.
    for (const QString &setting :
         {u"SET statement_timeout = '60s'"_s, u"SET lock_timeout = '15s'"_s}) {
        Result<QSqlQuery> done = exec(setting);
        if (!done)
            return makeUnexpected(done.error());
    }
    const QString schema = m_location.schema();
    if (schema.isEmpty())
        return Done{};
    Result<QSqlQuery> found = exec(u"SELECT 1 FROM pg_namespace WHERE nspname = ?"_s, {schema});
    if (!found)
        return makeUnexpected(found.error());
    if (!found.value().next()) {
        // The name was checked to be letters, digits and underscores.
        Result<QSqlQuery> created = exec(u"CREATE SCHEMA IF NOT EXISTS \"%1\""_s.arg(schema));
        if (!created)
            return makeUnexpected(created.error());
    }
    Result<QSqlQuery> path = exec(u"SET search_path TO \"%1\""_s.arg(schema));
    if (!path)
        return makeUnexpected(path.error());
    return Done{};
}

Result<Done> CaseStore::begin()
{
    if (!m_open)
        return makeUnexpected(notOpen());
    if (isPostgreSQL()) {
        if (!database().transaction()) {
            return makeFailure(
                    tr("the case store %1 cannot start a transaction: %2")
                            .arg(m_location.displayName(), database().lastError().text()),
                    u"database"_s);
        }
        return Done{};
    }
    // IMMEDIATE takes the write lock up front: a deferred transaction that reads first and
    // writes later could fail with SQLITE_BUSY without waiting the busy timeout.
    Result<QSqlQuery> started = exec(u"BEGIN IMMEDIATE"_s);
    if (!started)
        return makeUnexpected(started.error());
    return Done{};
}

Result<Done> CaseStore::commit()
{
    if (isPostgreSQL()) {
        if (!database().commit()) {
            return makeFailure(
                    tr("the case store %1 cannot commit: %2")
                            .arg(m_location.displayName(), database().lastError().text()),
                    u"database"_s);
        }
        return Done{};
    }
    Result<QSqlQuery> done = exec(u"COMMIT"_s);
    if (!done)
        return makeUnexpected(done.error());
    return Done{};
}

void CaseStore::rollback()
{
    if (!m_open)
        return;
    if (isPostgreSQL())
        database().rollback();
    else
        exec(u"ROLLBACK"_s);
}

template<typename T, typename Body>
Result<T> CaseStore::inTransaction(Body body)
{
    Result<Done> started = begin();
    if (!started)
        return makeUnexpected(started.error());
    Result<T> result = body();
    if (!result) {
        rollback();
        return result;
    }
    Result<Done> committed = commit();
    if (!committed) {
        rollback();
        return makeUnexpected(committed.error());
    }
    return result;
}

Result<QSqlQuery> CaseStore::exec(const QString &sql, const QVariantList &values)
{
    if (!m_open)
        return makeUnexpected(notOpen());
    QSqlQuery query(database());
    query.setForwardOnly(true);
    bool ok = false;
    if (values.isEmpty()) {
        ok = query.exec(sql);
    } else if (query.prepare(sql)) {
        for (const QVariant &value : values)
            query.addBindValue(value);
        ok = query.exec();
    }
    if (!ok) {
        return makeFailure(tr("the case store %1 failed: %2")
                                   .arg(m_location.displayName(), query.lastError().text()),
                           isBusy(query.lastError()) ? u"busy"_s : u"database"_s);
    }
    return query;
}

Result<qint64> CaseStore::execReturningId(const QString &sql, const QVariantList &values)
{
    Result<QSqlQuery> query = exec(sql + u" RETURNING id"_s, values);
    if (!query)
        return makeUnexpected(query.error());
    if (!query.value().next()) {
        return makeFailure(tr("the case store %1 returned no id").arg(m_location.displayName()),
                           u"database"_s);
    }
    const qint64 id = query.value().value(0).toLongLong();
    // SQLite finishes the statement only here; an unfinished one would block COMMIT.
    query.value().finish();
    return id;
}

Result<int> CaseStore::schemaVersion()
{
    Result<QSqlQuery> query = exec(u"SELECT COALESCE(MAX(version), 0) FROM schema_version"_s);
    if (!query)
        return makeUnexpected(query.error());
    if (!query.value().next())
        return 0;
    return query.value().value(0).toInt();
}

Result<Done> CaseStore::migrate()
{
    const QList<QStringList> steps = storeMigrations(m_location.backend());
    const int latest = int(steps.size());
    // One transaction a step; the version is re-read inside it, so two processes opening one
    // new store at once do not both migrate it.
    for (;;) {
        Result<bool> stepped = inTransaction<bool>([&]() -> Result<bool> {
            if (isPostgreSQL()) {
                Result<QSqlQuery> locked = exec(u"SELECT pg_advisory_xact_lock(7317726500)"_s);
                if (!locked)
                    return makeUnexpected(locked.error());
            }
            Result<QSqlQuery> created =
                    exec(u"CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY "
                         "KEY, applied_at TEXT NOT NULL)"_s);
            if (!created)
                return makeUnexpected(created.error());
            Result<int> current = schemaVersion();
            if (!current)
                return makeUnexpected(current.error());
            if (current.value() > latest) {
                return makeFailure(tr("the case store %1 was written by a newer SQLMend (schema "
                                      "version %2; this version reads up to %3)")
                                           .arg(m_location.displayName())
                                           .arg(current.value())
                                           .arg(latest),
                                   u"newer_schema"_s);
            }
            if (current.value() == latest)
                return false;
            for (const QString &statement : steps.at(current.value())) {
                Result<QSqlQuery> done = exec(statement);
                if (!done) {
                    return makeFailure(tr("cannot upgrade the case store to version %1: %2")
                                               .arg(current.value() + 1)
                                               .arg(done.error().message),
                                       u"migration"_s);
                }
            }
            Result<QSqlQuery> recorded =
                    exec(u"INSERT INTO schema_version (version, applied_at) VALUES (?, ?)"_s,
                         {current.value() + 1, storeTimestamp(storeNow())});
            if (!recorded)
                return makeUnexpected(recorded.error());
            return true;
        });
        if (!stepped)
            return makeUnexpected(stepped.error());
        if (!stepped.value())
            return Done{};
    }
}

// ---- cases ----

Result<qint64> CaseStore::insertCase(const CaseRecord &record, bool keepId)
{
    const QDateTime now = storeNow();
    const QDateTime created = record.created.isValid() ? record.created : now;
    const QDateTime updated = record.updated.isValid() ? record.updated : created;
    QVariantList values{
            caseKindName(record.kind),
            text(record.question),
            text(record.sql),
            datasourceText(record.datasource),
            text(record.dialect),
            storedList(record.columns),
            record.rowCount,
            canonicalClass(record.errorClass),
            text(record.rootCause),
            record.attempts,
            caseOriginName(record.origin),
            text(record.notes),
            record.active ? 1 : 0,
            text(searchDocument(record.question, record.notes)),
            storeTimestamp(created),
            storeTimestamp(updated),
    };
    QString columns = u"kind, question, sql_text, datasource, dialect, columns_json, row_count, "
                      "error_class, root_cause, attempts, origin, notes, active, search_text, "
                      "created_at, updated_at"_s;
    QString marks = u"?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"_s;
    if (keepId) {
        columns.prepend(u"id, "_s);
        marks.prepend(u"?, "_s);
        values.prepend(record.id);
    }
    return execReturningId(u"INSERT INTO cases (%1) VALUES (%2)"_s.arg(columns, marks), values);
}

Result<qint64> CaseStore::addCase(const CaseRecord &record)
{
    const QString invalid = record.validationError();
    if (!invalid.isEmpty())
        return makeFailure(invalid, u"invalid"_s);
    return inTransaction<qint64>([&] { return insertCase(record, false); });
}

Result<qint64> CaseStore::saveAutoGoodCase(const GoodCaseCandidate &candidate)
{
    if (!candidate.succeeded) {
        return makeFailure(tr("not saved as a good case: the run failed, and only an error-free "
                              "result is a good case"),
                           u"refused_failed"_s);
    }
    if (candidate.rowCount <= 0 || candidate.columns.isEmpty()) {
        return makeFailure(tr("not saved as a good case: the result is empty, and an empty result "
                              "is suspicious, not proof"),
                           u"refused_empty"_s);
    }
    CaseRecord record;
    record.kind = CaseKind::Good;
    record.origin = CaseOrigin::Auto;
    record.question = candidate.question;
    record.sql = candidate.sql;
    record.datasource = candidate.datasource;
    record.dialect = candidate.dialect;
    record.columns = candidate.columns;
    record.rowCount = candidate.rowCount;
    const QString invalid = record.validationError();
    if (!invalid.isEmpty())
        return makeFailure(tr("not saved as a good case: %1").arg(invalid), u"invalid"_s);

    return inTransaction<qint64>([&]() -> Result<qint64> {
        Result<QSqlQuery> existing =
                exec(u"SELECT id FROM cases WHERE kind = 'good' AND question = ? AND sql_text = ? "
                     "AND datasource = ? ORDER BY id LIMIT 1"_s,
                     {text(record.question), text(record.sql), datasourceText(record.datasource)});
        if (!existing)
            return makeUnexpected(existing.error());
        if (existing.value().next()) {
            const qint64 id = existing.value().value(0).toLongLong();
            existing.value().finish();
            Result<QSqlQuery> touched = exec(
                    u"UPDATE cases SET row_count = ?, columns_json = ?, updated_at = ? "
                    "WHERE id = ?"_s,
                    {record.rowCount, storedList(record.columns), storeTimestamp(storeNow()), id});
            if (!touched)
                return makeUnexpected(touched.error());
            return id;
        }
        return insertCase(record, false);
    });
}

Result<QList<CaseRecord>> CaseStore::selectCases(const QString &where, const QVariantList &values,
                                                 const QString &tail)
{
    QString sql = u"SELECT %1 FROM cases"_s.arg(caseColumns);
    if (!where.isEmpty())
        sql += u' ' + where;
    if (!tail.isEmpty())
        sql += u' ' + tail;
    Result<QSqlQuery> query = exec(sql, values);
    if (!query)
        return makeUnexpected(query.error());
    QList<CaseRecord> records;
    while (query.value().next())
        records.append(caseFromQuery(query.value()));
    return records;
}

Result<CaseRecord> CaseStore::caseById(qint64 id)
{
    Result<QList<CaseRecord>> records = selectCases(u"WHERE cases.id = ?"_s, {id}, {});
    if (!records)
        return makeUnexpected(records.error());
    if (records.value().isEmpty())
        return makeFailure(tr("there is no case %1").arg(id), u"not_found"_s);
    return records.value().first();
}

Result<QList<CaseRecord>> CaseStore::listCases(const CaseFilter &filter)
{
    QStringList conditions;
    QVariantList values;
    QString join;
    QString order = u"ORDER BY cases.id"_s;
    if (!filter.search.trimmed().isEmpty()) {
        const QStringList terms = queryTerms(filter.search, 64);
        if (terms.isEmpty())
            return QList<CaseRecord>();
        if (isPostgreSQL()) {
            const QString query = u"'"_s + terms.join(u"' & '"_s) + u"'"_s;
            conditions.append(u"to_tsvector('simple', cases.search_text) @@ "
                              "to_tsquery('simple', ?)"_s);
            values.append(query);
            order = u"ORDER BY ts_rank(to_tsvector('simple', cases.search_text), "
                    "to_tsquery('simple', ?)) DESC, cases.id"_s;
        } else {
            join = u"JOIN cases_fts ON cases_fts.rowid = cases.id"_s;
            conditions.append(u"cases_fts MATCH ?"_s);
            values.append(u"\""_s + terms.join(u"\" AND \""_s) + u"\""_s);
            order = u"ORDER BY bm25(cases_fts), cases.id"_s;
        }
    }
    if (filter.kind) {
        conditions.append(u"cases.kind = ?"_s);
        values.append(caseKindName(*filter.kind));
    }
    if (!filter.errorClass.isEmpty()) {
        conditions.append(u"cases.error_class = ?"_s);
        values.append(canonicalClass(filter.errorClass));
    }
    if (!filter.datasource.isEmpty()) {
        conditions.append(u"cases.datasource = ?"_s);
        values.append(datasourceText(filter.datasource));
    }
    if (filter.active) {
        conditions.append(u"cases.active = ?"_s);
        values.append(*filter.active ? 1 : 0);
    }
    QString where = join;
    if (!conditions.isEmpty())
        where += u" WHERE "_s + conditions.join(u" AND "_s);
    if (isPostgreSQL() && order.contains(u'?'))
        values.append(values.first()); // the rank repeats the query
    QString tail = order;
    if (filter.limit >= 0)
        tail += u" LIMIT %1 OFFSET %2"_s.arg(filter.limit).arg(qMax(0, filter.offset));
    else if (filter.offset > 0)
        tail += isPostgreSQL() ? u" OFFSET %1"_s.arg(filter.offset)
                               : u" LIMIT -1 OFFSET %1"_s.arg(filter.offset);
    return selectCases(where.trimmed(), values, tail);
}

Result<QList<CaseRecord>> CaseStore::similarGoodCases(const QString &question,
                                                      const QString &datasource, int k)
{
    if (k <= 0)
        return QList<CaseRecord>();
    const QStringList terms = queryTerms(question);
    if (terms.isEmpty())
        return QList<CaseRecord>();
    QVariantList values;
    QString sql;
    if (isPostgreSQL()) {
        const QString query = u"'"_s + terms.join(u"' | '"_s) + u"'"_s;
        sql = u"SELECT %1 FROM cases WHERE to_tsvector('simple', cases.search_text) @@ "
              "to_tsquery('simple', ?) AND cases.kind = 'good' AND cases.active = 1"_s.arg(
                      caseColumns);
        values.append(query);
        if (!datasource.isEmpty()) {
            sql += u" AND cases.datasource = ?"_s;
            values.append(datasourceText(datasource));
        }
        sql += u" ORDER BY ts_rank(to_tsvector('simple', cases.search_text), "
               "to_tsquery('simple', ?)) DESC, cases.id DESC"_s;
        values.append(query);
    } else {
        sql = u"SELECT %1 FROM cases JOIN cases_fts ON cases_fts.rowid = cases.id WHERE "
              "cases_fts MATCH ? AND cases.kind = 'good' AND cases.active = 1"_s.arg(caseColumns);
        values.append(u"\""_s + terms.join(u"\" OR \""_s) + u"\""_s);
        if (!datasource.isEmpty()) {
            sql += u" AND cases.datasource = ?"_s;
            values.append(datasourceText(datasource));
        }
        sql += u" ORDER BY bm25(cases_fts), cases.id DESC"_s;
    }
    sql += u" LIMIT %1"_s.arg(qMin(k, maxSimilarCases));
    Result<QSqlQuery> query = exec(sql, values);
    if (!query)
        return makeUnexpected(query.error());
    QList<CaseRecord> records;
    while (query.value().next())
        records.append(caseFromQuery(query.value()));
    return records;
}

Result<Done> CaseStore::updateCaseColumns(qint64 id, const QList<QPair<QString, QVariant>> &columns)
{
    QStringList assignments;
    QVariantList values;
    for (const auto &[column, value] : columns) {
        assignments.append(column + u" = ?"_s);
        values.append(value);
    }
    assignments.append(u"origin = 'curated'"_s);
    assignments.append(u"updated_at = ?"_s);
    values.append(storeTimestamp(storeNow()));
    values.append(id);
    Result<QSqlQuery> query =
            exec(u"UPDATE cases SET %1 WHERE id = ?"_s.arg(assignments.join(u", "_s)), values);
    if (!query)
        return makeUnexpected(query.error());
    if (query.value().numRowsAffected() != 1)
        return makeFailure(tr("there is no case %1").arg(id), u"not_found"_s);
    return Done{};
}

Result<Done> CaseStore::setKind(qint64 id, CaseKind kind)
{
    return inTransaction<Done>([&]() -> Result<Done> {
        Result<CaseRecord> record = caseById(id);
        if (!record)
            return makeUnexpected(record.error());
        if (kind == CaseKind::Good && record.value().sql.trimmed().isEmpty())
            return makeFailure(tr("a good case needs its SQL"), u"invalid"_s);
        return updateCaseColumns(id, {{u"kind"_s, caseKindName(kind)}});
    });
}

Result<Done> CaseStore::setSql(qint64 id, const QString &sql)
{
    return inTransaction<Done>([&]() -> Result<Done> {
        Result<CaseRecord> record = caseById(id);
        if (!record)
            return makeUnexpected(record.error());
        if (record.value().kind == CaseKind::Good && sql.trimmed().isEmpty())
            return makeFailure(tr("a good case needs its SQL"), u"invalid"_s);
        return updateCaseColumns(id, {{u"sql_text"_s, text(sql)}});
    });
}

Result<Done> CaseStore::setActive(qint64 id, bool active)
{
    return inTransaction<Done>([&] {
        return updateCaseColumns(id, {{u"active"_s, active ? 1 : 0}});
    });
}

Result<Done> CaseStore::setNotes(qint64 id, const QString &notes)
{
    return inTransaction<Done>([&]() -> Result<Done> {
        Result<CaseRecord> record = caseById(id);
        if (!record)
            return makeUnexpected(record.error());
        return updateCaseColumns(
                id,
                {{u"notes"_s, text(notes)},
                 {u"search_text"_s, searchDocument(record.value().question, notes)}});
    });
}

Result<CaseRecord> CaseStore::removeCase(qint64 id)
{
    return inTransaction<CaseRecord>([&]() -> Result<CaseRecord> {
        Result<CaseRecord> record = caseById(id);
        if (!record)
            return record;
        Result<QSqlQuery> removed = exec(u"DELETE FROM cases WHERE id = ?"_s, {id});
        if (!removed)
            return makeUnexpected(removed.error());
        return record;
    });
}

Result<bool> CaseStore::idTaken(qint64 id)
{
    Result<QSqlQuery> query = exec(u"SELECT 1 FROM cases WHERE id = ?"_s, {id});
    if (!query)
        return makeUnexpected(query.error());
    const bool taken = query.value().next();
    query.value().finish();
    return taken;
}

Result<Done> CaseStore::advanceIdSequence()
{
    // An explicit id does not move a PostgreSQL identity sequence; SQLite's AUTOINCREMENT
    // follows explicit ids by itself.
    if (!isPostgreSQL())
        return Done{};
    Result<QSqlQuery> query = exec(u"SELECT setval(pg_get_serial_sequence('cases', 'id'), "
                                   "(SELECT COALESCE(MAX(id), 0) + 1 FROM cases), false)"_s);
    if (!query)
        return makeUnexpected(query.error());
    return Done{};
}

Result<Done> CaseStore::restoreCase(const CaseRecord &record)
{
    if (record.id <= 0)
        return makeFailure(tr("only a stored case can be restored"), u"invalid"_s);
    const QString invalid = record.validationError();
    if (!invalid.isEmpty())
        return makeFailure(invalid, u"invalid"_s);
    return inTransaction<Done>([&]() -> Result<Done> {
        Result<bool> taken = idTaken(record.id);
        if (!taken)
            return makeUnexpected(taken.error());
        if (taken.value())
            return makeFailure(tr("the case %1 exists already").arg(record.id), u"conflict"_s);
        Result<qint64> inserted = insertCase(record, true);
        if (!inserted)
            return makeUnexpected(inserted.error());
        return advanceIdSequence();
    });
}

Result<qint64> CaseStore::exportCases(QIODevice &out, const CaseFilter &filter)
{
    if (!out.isWritable())
        return makeFailure(tr("the export target is not writable"), u"io"_s);
    CaseFilter ordered = filter;
    ordered.search.clear(); // an export is in id order
    Result<QList<CaseRecord>> records = listCases(ordered);
    if (!records)
        return makeUnexpected(records.error());
    QList<CaseRecord> selected = records.value();
    if (!filter.search.trimmed().isEmpty()) {
        Result<QList<CaseRecord>> matching = listCases(filter);
        if (!matching)
            return makeUnexpected(matching.error());
        QSet<qint64> ids;
        for (const CaseRecord &record : matching.value())
            ids.insert(record.id);
        selected.removeIf([&ids](const CaseRecord &record) { return !ids.contains(record.id); });
    }
    for (const CaseRecord &record : std::as_const(selected)) {
        QByteArray line = QJsonDocument(record.toJson()).toJson(QJsonDocument::Compact);
        line += '\n';
        if (out.write(line) != line.size())
            return makeFailure(tr("cannot write the export: %1").arg(out.errorString()), u"io"_s);
    }
    return qint64(selected.size());
}

Result<ImportReport> CaseStore::importCases(QIODevice &in)
{
    if (!in.isReadable())
        return makeFailure(tr("the import source is not readable"), u"io"_s);
    ImportReport report;
    QList<QPair<qint64, CaseRecord>> records;
    readJsonLines(in, report.problems, [&records](qint64 line, const QJsonObject &object) {
        Result<CaseRecord> record = CaseRecord::fromJson(object);
        if (!record)
            return record.error().message;
        records.append({line, record.value()});
        return QString();
    });

    Result<Done> stored = inTransaction<Done>([&]() -> Result<Done> {
        // One read of what is there, instead of a query a line.
        QSet<QByteArray> known;
        if (!records.isEmpty()) {
            Result<QSqlQuery> all = exec(u"SELECT kind, question, sql_text FROM cases"_s);
            if (!all)
                return makeUnexpected(all.error());
            while (all.value().next()) {
                const std::optional<CaseKind> kind =
                        caseKindFromName(all.value().value(0).toString());
                if (kind) {
                    known.insert(caseKey(*kind, all.value().value(1).toString(),
                                         all.value().value(2).toString()));
                }
            }
        }
        for (const auto &[number, record] : std::as_const(records)) {
            // A savepoint a line: a record the database refuses is reported, not fatal.
            if (known.contains(caseKey(record.kind, record.question, record.sql))) {
                ++report.skipped;
                continue;
            }
            Result<QSqlQuery> savepoint = exec(u"SAVEPOINT import_line"_s);
            if (!savepoint)
                return makeUnexpected(savepoint.error());
            bool keepId = false;
            if (record.id > 0) {
                Result<bool> taken = idTaken(record.id);
                if (!taken)
                    return makeUnexpected(taken.error());
                keepId = !taken.value();
            }
            Result<qint64> inserted = insertCase(record, keepId);
            if (!inserted) {
                exec(u"ROLLBACK TO SAVEPOINT import_line"_s);
                report.problems.append({number, inserted.error().message});
                continue;
            }
            Result<QSqlQuery> released = exec(u"RELEASE SAVEPOINT import_line"_s);
            if (!released)
                return makeUnexpected(released.error());
            ++report.imported;
            report.ids.append(inserted.value());
            known.insert(caseKey(record.kind, record.question, record.sql));
            if (record.id > 0 && !keepId)
                ++report.renumbered;
        }
        return advanceIdSequence();
    });
    if (!stored)
        return makeUnexpected(stored.error());
    std::sort(report.problems.begin(), report.problems.end(),
              [](const ImportProblem &a, const ImportProblem &b) { return a.line < b.line; });
    return report;
}

// ---- history ----

Result<qint64> CaseStore::saveHistory(const QuestionTrace &trace)
{
    if (trace.question.trimmed().isEmpty())
        return makeFailure(tr("a question trace needs its question"), u"invalid"_s);
    for (const AttemptRecord &attempt : trace.attempts) {
        if (!attempt.errorClass.isEmpty() && !errorClassFromName(attempt.errorClass)) {
            return makeFailure(tr("\"%1\" is not an error class").arg(attempt.errorClass.left(40)),
                               u"invalid"_s);
        }
    }
    return inTransaction<qint64>([&]() -> Result<qint64> {
        const QVariantList values{
                text(trace.question),
                datasourceText(trace.datasource),
                text(trace.dialect),
                questionStatusName(trace.status),
                storeTimestamp(trace.started.isValid() ? trace.started : storeNow()),
                text(storeTimestamp(trace.finished)),
                text(trace.finalSql),
                trace.totalMs,
                trace.promptTokens,
                trace.completionTokens,
                qint64(trace.attempts.size()),
        };
        qint64 id = trace.id;
        if (id <= 0) {
            Result<qint64> inserted = execReturningId(
                    u"INSERT INTO questions (question, datasource, dialect, status, started_at, "
                    "finished_at, final_sql, total_ms, prompt_tokens, completion_tokens, "
                    "attempt_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
                    values);
            if (!inserted)
                return inserted;
            id = inserted.value();
        } else {
            Result<QSqlQuery> updated = exec(
                    u"UPDATE questions SET question = ?, datasource = ?, dialect = ?, status = ?, "
                    "started_at = ?, finished_at = ?, final_sql = ?, total_ms = ?, "
                    "prompt_tokens = ?, completion_tokens = ?, attempt_count = ? WHERE id = ?"_s,
                    values + QVariantList{id});
            if (!updated)
                return makeUnexpected(updated.error());
            if (updated.value().numRowsAffected() != 1)
                return makeFailure(tr("there is no question %1 in the history").arg(id),
                                   u"not_found"_s);
            Result<QSqlQuery> cleared = exec(u"DELETE FROM attempts WHERE question_id = ?"_s, {id});
            if (!cleared)
                return makeUnexpected(cleared.error());
        }
        for (qsizetype i = 0; i < trace.attempts.size(); ++i) {
            const AttemptRecord &attempt = trace.attempts.at(i);
            Result<QSqlQuery> inserted =
                    exec(u"INSERT INTO attempts (question_id, idx, origin, sql_text, outcome, "
                         "error_class, terminal, root_cause, advice, raw_error, elapsed_ms, "
                         "prompt_tokens, completion_tokens) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
                         {id, qint64(i), attemptOriginName(attempt.origin), text(attempt.sql),
                          attemptOutcomeName(attempt.outcome), canonicalClass(attempt.errorClass),
                          attempt.terminal ? 1 : 0, text(attempt.rootCause), text(attempt.advice),
                          text(attempt.rawError), attempt.elapsedMs, attempt.promptTokens,
                          attempt.completionTokens});
            if (!inserted)
                return makeUnexpected(inserted.error());
        }
        if (Result<Done> links = AttemptLinks::save(*this, id, trace.attempts); !links)
            return makeUnexpected(links.error());
        return id;
    });
}

namespace {

const QString questionColumns = u"id, question, datasource, dialect, status, started_at, "
                                "finished_at, final_sql, total_ms, prompt_tokens, "
                                "completion_tokens, attempt_count"_s;

QuestionTrace traceFromQuery(const QSqlQuery &query)
{
    QuestionTrace trace;
    trace.id = query.value(0).toLongLong();
    trace.question = query.value(1).toString();
    trace.datasource = ConnectionProfile::withoutPassword(query.value(2).toString());
    trace.dialect = query.value(3).toString();
    trace.status =
            questionStatusFromName(query.value(4).toString()).value_or(QuestionStatus::Failed);
    trace.started = storeTimestampFromText(query.value(5).toString());
    trace.finished = storeTimestampFromText(query.value(6).toString());
    trace.finalSql = query.value(7).toString();
    trace.totalMs = query.value(8).toLongLong();
    trace.promptTokens = query.value(9).toLongLong();
    trace.completionTokens = query.value(10).toLongLong();
    trace.attemptCount = query.value(11).toInt();
    return trace;
}

} // namespace

Result<QuestionTrace> CaseStore::loadHistory(qint64 id)
{
    Result<QSqlQuery> query =
            exec(u"SELECT %1 FROM questions WHERE id = ?"_s.arg(questionColumns), {id});
    if (!query)
        return makeUnexpected(query.error());
    if (!query.value().next())
        return makeFailure(tr("there is no question %1 in the history").arg(id), u"not_found"_s);
    QuestionTrace trace = traceFromQuery(query.value());
    query.value().finish();

    Result<QSqlQuery> attempts = exec(
            u"SELECT idx, origin, sql_text, outcome, error_class, terminal, root_cause, advice, "
            "raw_error, elapsed_ms, prompt_tokens, completion_tokens FROM attempts "
            "WHERE question_id = ? ORDER BY idx"_s,
            {id});
    if (!attempts)
        return makeUnexpected(attempts.error());
    QSqlQuery &rows = attempts.value();
    while (rows.next()) {
        AttemptRecord attempt;
        attempt.index = rows.value(0).toInt();
        attempt.origin =
                attemptOriginFromName(rows.value(1).toString()).value_or(AttemptOrigin::Llm);
        attempt.sql = rows.value(2).toString();
        attempt.outcome =
                attemptOutcomeFromName(rows.value(3).toString()).value_or(AttemptOutcome::Error);
        attempt.errorClass = rows.value(4).toString();
        attempt.terminal = rows.value(5).toLongLong() != 0;
        attempt.rootCause = rows.value(6).toString();
        attempt.advice = rows.value(7).toString();
        attempt.rawError = rows.value(8).toString();
        attempt.elapsedMs = rows.value(9).toLongLong();
        attempt.promptTokens = rows.value(10).toLongLong();
        attempt.completionTokens = rows.value(11).toLongLong();
        trace.attempts.append(attempt);
    }
    trace.attemptCount = int(trace.attempts.size());
    if (Result<Done> links = AttemptLinks::load(*this, id, trace.attempts); !links)
        return makeUnexpected(links.error());
    return trace;
}

Result<QList<QuestionTrace>> CaseStore::listHistory(const HistoryFilter &filter, int limit)
{
    QStringList conditions;
    QVariantList values;
    if (!filter.datasource.isEmpty()) {
        conditions.append(u"datasource = ?"_s);
        values.append(datasourceText(filter.datasource));
    }
    if (filter.status) {
        conditions.append(u"status = ?"_s);
        values.append(questionStatusName(*filter.status));
    }
    if (!filter.text.isEmpty()) {
        QString pattern = filter.text;
        pattern.replace(u'\\', u"\\\\"_s).replace(u'%', u"\\%"_s).replace(u'_', u"\\_"_s);
        conditions.append(u"lower(question) LIKE lower(?) ESCAPE '\\'"_s);
        values.append(u'%' + pattern + u'%');
    }
    if (filter.since.isValid()) {
        conditions.append(u"started_at >= ?"_s);
        values.append(storeTimestamp(filter.since));
    }
    QString sql = u"SELECT %1 FROM questions"_s.arg(questionColumns);
    if (!conditions.isEmpty())
        sql += u" WHERE "_s + conditions.join(u" AND "_s);
    sql += u" ORDER BY started_at DESC, id DESC"_s;
    if (limit >= 0)
        sql += u" LIMIT %1"_s.arg(limit);
    Result<QSqlQuery> query = exec(sql, values);
    if (!query)
        return makeUnexpected(query.error());
    QList<QuestionTrace> traces;
    while (query.value().next())
        traces.append(traceFromQuery(query.value()));
    return traces;
}

Result<Done> CaseStore::removeHistory(qint64 id)
{
    return inTransaction<Done>([&]() -> Result<Done> {
        // Attempts go first: foreign keys may be off on an old SQLite connection.
        if (Result<Done> links = AttemptLinks::forget(*this, id); !links)
            return makeUnexpected(links.error());
        Result<QSqlQuery> attempts = exec(u"DELETE FROM attempts WHERE question_id = ?"_s, {id});
        if (!attempts)
            return makeUnexpected(attempts.error());
        Result<QSqlQuery> removed = exec(u"DELETE FROM questions WHERE id = ?"_s, {id});
        if (!removed)
            return makeUnexpected(removed.error());
        if (removed.value().numRowsAffected() != 1)
            return makeFailure(tr("there is no question %1 in the history").arg(id),
                               u"not_found"_s);
        return Done{};
    });
}

// ---- fix cache ----

namespace {

struct NormalizedFixKey
{
    QString sql;
    QString errorClass;
    QString rootCause;
    QString datasource;
    QString hash;
};

NormalizedFixKey normalizeKey(const FixKey &key)
{
    NormalizedFixKey normalized{storable(normalizedSql(key.sql)),
                                canonicalClass(key.errorClass),
                                storable(normalizedRootCause(key.rootCause)),
                                storable(ConnectionProfile::withoutPassword(key.datasource)),
                                {}};
    normalized.hash = fixKeyHash(normalized.sql, normalized.errorClass, normalized.rootCause,
                                 normalized.datasource);
    return normalized;
}

} // namespace

Result<std::optional<CachedFix>> CaseStore::lookupFix(const FixKey &key)
{
    const NormalizedFixKey normalized = normalizeKey(key);
    if (normalized.sql.isEmpty())
        return std::optional<CachedFix>();
    return inTransaction<std::optional<CachedFix>>([&]() -> Result<std::optional<CachedFix>> {
        Result<QSqlQuery> query = exec(
                u"SELECT fixed_sql, hit_count, created_at, sql_key, error_class, root_cause_key, "
                "datasource FROM fix_cache WHERE key_hash = ?"_s,
                {normalized.hash});
        if (!query)
            return makeUnexpected(query.error());
        QSqlQuery &row = query.value();
        if (!row.next())
            return std::optional<CachedFix>();
        if (row.value(3).toString() != normalized.sql
            || row.value(4).toString() != normalized.errorClass
            || row.value(5).toString() != normalized.rootCause
            || row.value(6).toString() != normalized.datasource) {
            return std::optional<CachedFix>();
        }
        CachedFix fix;
        fix.fixedSql = row.value(0).toString();
        fix.hitCount = row.value(1).toLongLong() + 1;
        fix.created = storeTimestampFromText(row.value(2).toString());
        fix.lastUsed = storeNow();
        row.finish();
        Result<QSqlQuery> counted =
                exec(u"UPDATE fix_cache SET hit_count = hit_count + 1, last_used_at = ? "
                     "WHERE key_hash = ?"_s,
                     {storeTimestamp(fix.lastUsed), normalized.hash});
        if (!counted)
            return makeUnexpected(counted.error());
        return std::optional<CachedFix>(fix);
    });
}

Result<Done> CaseStore::recordFix(const FixKey &key, const QString &fixedSql)
{
    const NormalizedFixKey normalized = normalizeKey(key);
    if (normalized.sql.isEmpty() || fixedSql.trimmed().isEmpty())
        return makeFailure(tr("a cached fix needs the failed SQL and the fixed SQL"), u"invalid"_s);
    if (!errorClassFromName(normalized.errorClass)) {
        return makeFailure(tr("\"%1\" is not an error class").arg(key.errorClass.left(40)),
                           u"invalid"_s);
    }
    return inTransaction<Done>([&]() -> Result<Done> {
        const QString now = storeTimestamp(storeNow());
        Result<QSqlQuery> stored =
                exec(u"INSERT INTO fix_cache (key_hash, sql_key, error_class, root_cause_key, "
                     "datasource, fixed_sql, hit_count, created_at, last_used_at) "
                     "VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?) "
                     "ON CONFLICT (key_hash) DO UPDATE SET fixed_sql = excluded.fixed_sql, "
                     "last_used_at = excluded.last_used_at"_s,
                     {normalized.hash, normalized.sql, normalized.errorClass, normalized.rootCause,
                      normalized.datasource, text(fixedSql), now, now});
        if (!stored)
            return makeUnexpected(stored.error());
        return Done{};
    });
}

Result<Done> CaseStore::forgetFix(const FixKey &key)
{
    const NormalizedFixKey normalized = normalizeKey(key);
    return inTransaction<Done>([&]() -> Result<Done> {
        Result<QSqlQuery> removed =
                exec(u"DELETE FROM fix_cache WHERE key_hash = ?"_s, {normalized.hash});
        if (!removed)
            return makeUnexpected(removed.error());
        return Done{};
    });
}

} // namespace sqlmend::core
