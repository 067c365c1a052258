#pragma once

#include "core/cases/cachedfix.h"
#include "core/cases/caserecord.h"
#include "core/cases/questiontrace.h"
#include "core/cases/storelocation.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QList>
#include <QPair>
#include <QSqlDatabase>
#include <QString>
#include <QVariant>
#include <QVariantList>

#include <optional>

class QIODevice;
class QSqlQuery;

namespace sqlmend::core {

// A line of an import that was not taken, and why.
struct ImportProblem
{
    qint64 line = 0; // 1-based
    QString reason;
};

struct ImportReport
{
    qint64 imported = 0;
    qint64 renumbered = 0; // imported under a new id because theirs was taken
    qint64 skipped = 0;    // already in the store: the same kind, question and SQL
    QList<ImportProblem> problems;
    QList<qint64> ids; // of the imported cases, in the order of their lines
};

// Good cases, bad cases, the fix cache and the question history, on QtSql: a SQLite file by
// default, the same schema on PostgreSQL for a team.
//
// A store belongs to one thread: open() creates its own QSqlDatabase connection on the calling
// thread, and every other call, and the destructor, must come from that thread (Qt 6.4 cannot
// move connections). Every write runs in one transaction; every call returns a Result.
class CaseStore
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::CaseStore)

public:
    CaseStore();
    ~CaseStore();
    CaseStore(const CaseStore &) = delete;
    CaseStore &operator=(const CaseStore &) = delete;

    // The newest schema this build writes; open() migrates older stores up to it, and refuses
    // stores written by a newer build.
    static int latestSchemaVersion();

    // location: see StoreLocation::parse(); empty: StoreLocation::defaultPath(). password is for
    // PostgreSQL (libpq also reads PGPASSWORD and ~/.pgpass).
    Result<Done> open(const QString &location, const QString &password = {});
    void close();
    bool isOpen() const;
    const StoreLocation &location() const { return m_location; }
    Result<int> schemaVersion();

    // Good and bad cases.
    // The loop's way in: refuses a failed or empty result, and returns the id of an identical
    // good case (same question, SQL and datasource) instead of storing it twice.
    Result<qint64> saveAutoGoodCase(const GoodCaseCandidate &candidate);
    // Stores a new case (any kind and origin); record.id is ignored. Returns the new id.
    Result<qint64> addCase(const CaseRecord &record);
    Result<CaseRecord> caseById(qint64 id);
    // Ordered by id; with a search text, by rank.
    Result<QList<CaseRecord>> listCases(const CaseFilter &filter = {});
    // The k active good cases whose questions are most like question, best first; with a
    // datasource, only its cases.
    Result<QList<CaseRecord>> similarGoodCases(const QString &question, const QString &datasource,
                                               int k);

    // Curation. Each edit marks the case curated and updates its time.
    Result<Done> setKind(qint64 id, CaseKind kind);
    Result<Done> setSql(qint64 id, const QString &sql);
    Result<Done> setActive(qint64 id, bool active);
    Result<Done> setNotes(qint64 id, const QString &notes);
    // Returns what was deleted, so that an undo can hand it to restoreCase().
    Result<CaseRecord> removeCase(qint64 id);
    // Puts a deleted record back under its own id (fails when the id is taken).
    Result<Done> restoreCase(const CaseRecord &record);

    // JSON Lines, one case a line with a "kind" field, in id order. Returns the number written.
    Result<qint64> exportCases(QIODevice &out, const CaseFilter &filter = {});
    // Checks every line and reports the bad ones without stopping; the good ones go in, in one
    // transaction, under their own ids where free. A case the store already has (the same kind,
    // question and SQL) is skipped, so importing an export again adds nothing. Fails only when
    // the store does.
    Result<ImportReport> importCases(QIODevice &in);

    // History.
    // Stores a question and its attempts; trace.id != 0 replaces that stored trace.
    Result<qint64> saveHistory(const QuestionTrace &trace);
    Result<QuestionTrace> loadHistory(qint64 id);
    // Newest first, without attempts (see QuestionTrace::attemptCount).
    Result<QList<QuestionTrace>> listHistory(const HistoryFilter &filter = {}, int limit = 100);
    Result<Done> removeHistory(qint64 id);

    // Fix cache.
    // A hit counts: hit count and last-used time go up.
    Result<std::optional<CachedFix>> lookupFix(const FixKey &key);
    // Stores or replaces the fix for key.
    Result<Done> recordFix(const FixKey &key, const QString &fixedSql);
    // Drops a cached fix that stopped working.
    Result<Done> forgetFix(const FixKey &key);

private:
    friend class ContextSettingsStore; // its own table, through exec()
    friend class AttemptLinks;         // the same
    // Conversations live in this store's tables, in its transactions.
    friend class ConversationStore;
    // Business notes live in tables of the same store and use its connection and transactions.
    friend class NoteStore;

    QSqlDatabase database() const;
    bool isPostgreSQL() const;
    // A SQLite file with tables of its own and no schema_version is someone else's data.
    Result<Done> refuseForeignFile();
    Result<Done> configureSqlite();
    // Runs a setup statement, retrying while SQLite reports the file busy or locked.
    Result<Done> execWhileBusy(const QString &sql);
    Result<Done> configurePostgreSQL();
    Result<Done> migrate();
    Result<Done> begin();
    Result<Done> commit();
    void rollback();
    Result<QSqlQuery> exec(const QString &sql, const QVariantList &values = {});
    Result<qint64> execReturningId(const QString &sql, const QVariantList &values);
    Result<QList<CaseRecord>> selectCases(const QString &where, const QVariantList &values,
                                          const QString &tail);
    Result<qint64> insertCase(const CaseRecord &record, bool keepId);
    Result<Done> updateCaseColumns(qint64 id, const QList<QPair<QString, QVariant>> &columns);
    template<typename T, typename Body>
    Result<T> inTransaction(Body body);
    Result<bool> idTaken(qint64 id);
    Result<Done> advanceIdSequence();
    Failure notOpen() const;

    QString m_connectionName;
    StoreLocation m_location;
    bool m_open = false;
};

} // namespace sqlmend::core
