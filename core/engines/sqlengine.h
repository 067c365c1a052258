#pragma once

#include "core/errors/diagnosis.h"
#include "core/engines/engine.h"
#include "core/result.h"
#include "core/schema/catalogobjects.h"
#include "core/sql/connectionprofile.h"
#include "core/sql/sqltokenizer.h"

#include <QSqlDriver>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstddef>
#include <memory>
#include <optional>

class QSqlDatabase;
class QSqlError;

namespace sqlmend::core {

class RunInterrupt;
class SqlEngine;
struct SafetyVerdict;

enum class EngineFamily : quint16;

// How a cancel reaches the server while a statement runs.
enum class CancelMethod {
    SqliteInterrupt, // sqlite3_interrupt plus a progress handler
    PgCancel,        // PQcancel on the connection's cancel object
    KillQuery,       // KILL QUERY <connection id> from a second, short-lived connection
    Cooperative,     // only the flag between fetched rows (generic ODBC)
};

// How a session is made to read SQL the way the guard does (PostgreSQL
// standard_conforming_strings, MySQL/MariaDB sql_mode): statements to run once connected, and
// a probe whose single value must read expected afterwards. A server that will not take the pin
// is refused.
struct LexingPin
{
    QStringList statements;
    QString probe;
    QString expected;
    // The pin is run again before each statement where a run cannot undo what a statement
    // changed (sessions without a transaction around each run).
    bool beforeEachRun = false;

    bool isEmpty() const { return statements.isEmpty(); }
};

// What a cast in the advice converts to.
enum class CastTarget { Number, Date, Text };

// What an open connection of one engine keeps of its native side, for the executor's worker to
// call without knowing the engine (SqlEngine::attach() makes it; it lives until the connection
// closes, on the connection's thread).
class EngineSession
{
public:
    virtual ~EngineSession();

    // Before and after each run: where the server has no session to SET (ClickHouse), the
    // timeout and the row cap travel with each request of the run.
    virtual void beginRun(int /*timeoutMs*/, int /*maxRows*/) { }
    virtual void endRun() { }
    // Wall 1's server half: whether the server reads text as exactly one statement, asked
    // through a path that runs nothing (PostgreSQL: PQprepare of the unnamed statement). One
    // where the server has no such path (the driver refuses several statements itself, or the
    // pinned lexing and the guard's parser are all there is).
    enum class Parse { One, Several, Failed };
    virtual Parse parse(const QString & /*text*/, QSqlError * /*error*/) { return Parse::One; }
    // Once the lexing pin holds: why the connection must still be refused, or nothing (MySQL:
    // the server runs several statements sent in one call).
    virtual std::optional<QString> refusal(QSqlDatabase & /*database*/) { return std::nullopt; }
};

// What a connection reached once open (SqlEngine::reached()).
struct ReachedServer
{
    QString version;
    Engine engine = Engine::Unknown;
    // The engine object that answers the session (ODBC: the backend's ODBC form).
    const SqlEngine *session = nullptr;
    // The engine whose SQL the server reads, where it is not `engine`: the database behind ODBC,
    // where the driver names it. Unknown: `engine`'s own.
    Engine dialect = Engine::Unknown;
};

// Everything that differs between database engines, in one object per engine (as Qt has one
// QSqlDriver per database): how a URL names it, how its SQL is lexed and which functions are
// dangerous, the read-only session (wall 2), the timeout and row cap (wall 3), the dry run and the
// cancel, quoting and cast spellings, the error codes' numbering, and the advice's and the
// prompt's notes. Instances are stateless and shared; EngineRegistry hands them out. The defaults
// are those of a standard-SQL engine reached through ODBC that SQLMend knows nothing about.
class SqlEngine
{
public:
    virtual ~SqlEngine();

    virtual Engine engine() const = 0;
    // The engine's name as a prompt or advice spells it ("PostgreSQL", "MariaDB", ...).
    virtual QString name() const;

    // ---- connection
    // The URL schemes that name this engine (the first is the one toUrl() writes); none for
    // engines reached only through ODBC.
    virtual QStringList urlSchemes() const { return {}; }
    // Which Qt SQL driver reaches it, and so which form its URL takes.
    virtual std::optional<ConnectionProfile::Driver> driver() const { return std::nullopt; }
    // The QtSql driver that reaches it (QSQLITE, QPSQL, ...); empty for engines reached only
    // through ODBC.
    virtual QString qtDriverName() const { return {}; }
    // The URL form (ConnectionProfile::fromUrl and toUrl ask these). readUrl() reads rest, what
    // follows "scheme:" in url, into profile; a password found there goes to password, never to
    // the profile. The default is the server form scheme://user@host:port/database?option=value.
    virtual std::optional<Failure> readUrl(QStringView scheme, const QString &rest,
                                           const QString &url, ConnectionProfile &profile,
                                           QString *password) const;
    // The URL without any password; fromUrl(writeUrl()) gives an equal profile.
    virtual QString writeUrl(const ConnectionProfile &profile) const;
    virtual QString displayName(const ConnectionProfile &profile) const;
    virtual bool needsPassword() const { return true; }
    // The driver's connect options (QSqlDatabase::setConnectOptions), read-only where the driver
    // can be told so at connect time.
    virtual QStringList connectOptions(const ConnectionProfile &profile) const;
    // The statement whose first value is the server's version, run once connected.
    virtual QString versionQuery() const { return {}; }
    // The engine a connection really reached, from its version (a MySQL URL may reach MariaDB).
    virtual Engine engineForVersion(const QString &version) const;
    // What QODBC reports (QSqlDriver::dbmsType) when this engine is behind an ODBC driver.
    virtual QSqlDriver::DbmsType odbcDbmsType() const { return QSqlDriver::UnknownDbms; }
    // Sets the connection's fields (database, host, port, user, password) from the profile, as
    // this engine's driver reads them; a reason where the profile must not be opened.
    virtual std::optional<QString> configure(QSqlDatabase &database,
                                             const ConnectionProfile &profile,
                                             const QString &password) const;
    // Once open: the server's version (versionQuery()'s first value) and the engine it names.
    virtual ReachedServer reached(QSqlDatabase &database) const;
    // Once the session is set up: ties the driver's native handle to the interrupt (cancel,
    // timeout, the stop at the row cap), sets the bounds the handle itself keeps, and returns
    // what the connection keeps. The default has only the cooperative flag between rows.
    virtual std::unique_ptr<EngineSession> attach(QSqlDatabase &database,
                                                  const ConnectionProfile &profile,
                                                  const QString &password,
                                                  RunInterrupt &interrupt) const;

    // ---- lexing and the guard (wall 1)
    virtual SqlLexicalRules lexicalRules() const { return {}; }
    // Other plausible readings of sql that the guard must also find read-only (where a server's
    // quoting or comment rules vary with its version or settings).
    virtual QList<SqlLexicalRules> otherReadings(QStringView sql) const;
    // Whether the real PostgreSQL parser (libpg_query) decides the statement kind.
    virtual bool parsesAsPostgres() const { return false; }
    // Whether PRAGMA statements exist (the guard then lets only read-only ones through).
    virtual bool hasPragmas() const { return false; }
    // Whether a write keyword only matters where a statement could begin (SQLite: no write
    // inside a query, and words such as lock or replace are names elsewhere).
    virtual bool writesOnlyAtStatementStart() const { return false; }
    // Whether a query may carry clauses that change the request itself (ClickHouse's FORMAT,
    // SETTINGS, INTO OUTFILE).
    virtual bool hasRequestClauses() const { return false; }
    // The rows of resources/guard/functions.tsv that apply, by their engine column.
    virtual QStringList denylistKeys() const;

    // ---- the session, the run, the dry run, the cancel (walls 2 and 3)
    virtual QString quoteIdentifier(QStringView identifier) const;
    // expression with the spaces around it removed: TRIM(expression), which ClickHouse 18.16
    // lacks. For the answer checks' probes, which read stored values trimmed.
    virtual QString trimmed(QStringView expression) const;
    // Whether the server tells names apart by letter case, quoted or not (ClickHouse).
    virtual bool caseSensitiveNames() const { return false; }
    // Whether a grouped query may return a column of a table it joins on the grouped key's
    // foreign key without grouping that column: SQLite takes any column beside the groups, MySQL
    // and MariaDB see that the key decides it; PostgreSQL wants that table's own primary key
    // grouped.
    virtual bool groupsDecideJoinedColumns() const { return false; }
    // The clause that limits a result to n rows ("LIMIT 10"; "FETCH FIRST 10 ROWS ONLY").
    virtual QString rowLimitClause(int rows) const;
    // SELECT * FROM (<sql>) AS q <limit>: the user's text is wrapped, never rewritten.
    QString limitWrapped(QStringView sql, int rows) const;
    // Run once after connecting.
    virtual QStringList sessionSetup() const { return {}; }
    // A query whose value lexingPin() needs (MySQL: the session's sql_mode), or empty.
    virtual QString lexingStateQuery() const { return {}; }
    // The pin for a session whose lexingStateQuery() read state; empty where nothing needs one.
    virtual LexingPin lexingPin(const QString &state) const;
    // Run before each statement, inside the order given; the timeout is in milliseconds (0: none).
    // maxRows > 0: where the server can stop a result itself, it stops one row past the cap (so
    // that the fetch still sees that there was more), and memory stays bounded by the cap.
    virtual QStringList beginRun(int timeoutMs, int maxRows = 0) const;
    // Run after each statement, whatever happened (ROLLBACK: nothing a run did stays).
    virtual QStringList endRun() const { return {}; }
    // The statement a dry run executes instead of the user's (EXPLAIN ...).
    virtual QString dryRunSql(QStringView sql) const;
    // Whether a statement of this kind (GuardVerdict::kind) gets a dry run: all do but EXPLAIN,
    // SHOW, DESCRIBE and PRAGMA, which already are one, and which wrapping would break.
    static bool dryRunApplies(QStringView kind);
    // Why a statement of this kind cannot run through the Qt driver at all, or empty. Only
    // reached around the guard (which refuses these kinds anyway).
    virtual QString unrunnableReason(QStringView kind) const;
    virtual CancelMethod cancelMethod() const { return CancelMethod::Cooperative; }

    // The same, where this engine is the backend behind an ODBC driver (autocommit, and only
    // what the ODBC driver lets through).
    virtual QStringList odbcSessionSetup() const { return {}; }
    virtual QString odbcLexingStateQuery() const { return {}; }
    virtual LexingPin odbcLexingPin(const QString &state) const;
    virtual QStringList odbcBeginRun(int timeoutMs, int maxRows) const;
    virtual QStringList odbcEndRun() const { return {}; }

    // ---- the catalog (CatalogLoader asks these on the connection's thread, once it is open)
    // Where unqualified names resolve ("main", the current schema, the database), or empty.
    virtual QString defaultSchema(QSqlDatabase &database) const;
    virtual Result<QStringList, Diagnosis> catalogSchemas(QSqlDatabase &database) const;
    // Tables and views with columns, keys, comments and row estimates, sorted by name; an empty
    // schema is the default one.
    virtual Result<QList<CatalogTable>, Diagnosis> catalogTables(QSqlDatabase &database,
                                                                 const QString &schema) const;
    // The text CatalogLoader::fingerprint() hashes: it changes whenever a table, a column, a key
    // or a comment of the schema does; empty where no mark can be taken.
    virtual QString catalogMark(QSqlDatabase &database, const QString &schema) const;
    // Function names callable from the schema (its own and the built-in ones the engine lists).
    virtual QStringList catalogFunctions(QSqlDatabase &database, const QString &schema) const;

    // ---- the doctor: what the account may do, and whether the read-only session holds
    virtual void examineSafety(QSqlDatabase &database, SafetyVerdict &verdict) const;

    // ---- errors
    // Which rows of the error rule table apply (EngineFamily bits).
    virtual EngineFamily ruleFamily() const;
    // This engine's own numbered error codes, where they are not SQLSTATEs: the rule's name
    // ("errno" for "errno:1146"), whether an all-digit code is one of them, and the class its
    // table gives (none where the text must decide). Empty rule: only a SQLSTATE is safe to read.
    virtual QStringView errorCodeRule() const { return {}; }
    virtual bool ownsErrorCode(QStringView /*digits*/) const { return false; }
    virtual std::optional<ErrorClass> errorCodeClass(int /*code*/, QStringView /*text*/) const
    {
        return std::nullopt;
    }
    // The client wrappers (as the decapsulator names them) that give this engine away when an
    // error comes without one ("mysql-client" for "ERROR 1146 (42S02): ...").
    virtual QStringList errorLayers() const { return {}; }

    // ---- advice and prompt notes (code spellings, never translated)
    virtual QStringList castSpellings(CastTarget target) const;
    // A name quoted the way advice shows it.
    virtual QString adviceQuoted(const QString &name) const;
    // This engine's type for a type name of another dialect, or empty.
    virtual QString nativeType(const QString &lowerType) const;
    // This engine's spelling of another dialect's function (lower-case name), or empty.
    virtual QString functionEquivalent(QStringView lowerName) const;
    // Whether a built-in's "does not exist" means wrong argument types (PostgreSQL).
    virtual bool isBuiltinFunction(QStringView lowerName) const;
    // Whether double quotes name a column, so that a text value in them reads as a missing one.
    virtual bool doubleQuotedValueIsColumn() const { return false; }
    virtual bool hasDoubleColonCast() const { return false; }
    // The type to CAST to for PostgreSQL's x::type (type in lower case), where a column x of the
    // declared type gets the value PostgreSQL's cast gives it (where that cast does not fail):
    // empty where this engine's CAST could give another value, or has :: itself.
    virtual QString colonCastType(QStringView lowerType, QStringView declaredType) const;
    virtual bool hasSelectTop() const { return false; }
    // Whether MINUS is a set operator (Oracle's EXCEPT).
    virtual bool hasMinus() const { return false; }
    // Whether x < ANY (SELECT ...), x >= ALL (SELECT ...) compare with a subquery's rows.
    virtual bool hasQuantifiedComparison() const { return true; }
    // Whether EXTRACT(YEAR FROM x) is spelled so.
    virtual bool hasExtract() const { return true; }
    // Whether a SELECT of a UNION, INTERSECT or EXCEPT may stand in parentheses.
    virtual bool parenthesizedCompoundMembers() const { return true; }
    // Whether a backquoted name is worth a note (it quotes nothing here).
    virtual bool refusesBackquotes() const { return false; }
    virtual bool hasIlike() const { return false; }
    // What to write instead of ILIKE, and a sentence for the advice after it (or empty).
    virtual QString ilikeReplacement() const;
    virtual QString ilikeNote() const { return {}; }
    // Whether SELECT DISTINCT ON (...) keeps one row per group (PostgreSQL's), and how a query
    // keeps the first row of each group where it does not.
    virtual bool hasDistinctOn() const { return false; }
    virtual QString firstRowPerGroup() const;
    // Whether a cast of a decimal text to an integer type wants a decimal type named.
    virtual bool castsDecimalTextStrictly() const { return false; }
    // Whether LIKE already ignores the case of ASCII letters (so ILIKE over ASCII is LIKE).
    virtual bool likeIgnoresCase() const { return false; }
    // Whether a double-quoted name that names nothing reads as a string (SQLite).
    virtual bool doubleQuotedNameMayBeString() const { return false; }
    // The native names of LEN() and of a two-argument NVL() (empty where there is none), for the
    // benchmark that writes another dialect's spelling into a working query.
    virtual QString lengthFunction() const;
    virtual QString nullFallbackFunction() const { return {}; }
    // Whether a query over a sharded (Distributed) table looks names up on each shard.
    virtual bool shardsResolveNames() const { return false; }
    // The lines of the prompt's dialect notes after the row limit.
    virtual QStringList promptNotes() const;

protected:
    // The user's statement without a trailing ';' so that it can be wrapped or prefixed.
    static QString statementBody(QStringView sql);
    // "LIMIT n", for the engines that spell the row limit so.
    static QString limitClause(int rows);
    // "EXPLAIN <sql>".
    static QString explained(QStringView sql);

    // One row of a spelling table (a type or a function of another dialect, and this one's).
    struct Spelling
    {
        const char16_t *from;
        const char16_t *to;
    };
    template<std::size_t N>
    static QString spellingOf(const Spelling (&rows)[N], QStringView from)
    {
        for (const Spelling &row : rows) {
            if (from == QStringView(row.from))
                return QString::fromUtf16(row.to);
        }
        return {};
    }
};

} // namespace sqlmend::core
