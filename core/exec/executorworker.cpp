#include "core/exec/executorworker.h"

#include "core/engines/engineregistry.h"
#include "core/errors/advisor.h"
#include "core/exec/livecatalog.h"
#include "core/exec/rowsink.h"
#include "core/exec/runinterrupt.h"
#include "core/sql/statementguard.h"

#include <QElapsedTimer>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>

#include <atomic>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

std::atomic<quint64> connectionCounter{0};

// A batch goes out at this many rows or after this long, whichever comes first.
constexpr qint64 BatchIntervalMs = 100;
// The EXPLAIN output kept for display.
constexpr int MaxPlanLines = 200;
// SinkClosed: the rows' consumer could take no more (RowSink::row answered false).
enum class FetchEnd { Complete, Capped, Cancelled, TimedOut, Failed, SinkClosed };

} // namespace

ExecutorWorker::ExecutorWorker(ConnectionProfile profile, QString password,
                               std::shared_ptr<RunInterrupt> interrupt)
    : m_profile(std::move(profile)),
      m_password(std::move(password)),
      m_interrupt(std::move(interrupt))
{
    m_info.engine = m_profile.engine();
}

ExecutorWorker::~ExecutorWorker()
{
    close();
}

const SqlEngine &ExecutorWorker::dialect() const
{
    return m_dialect ? *m_dialect : EngineRegistry::forEngine(m_info.engine);
}

Diagnosis ExecutorWorker::diagnoseError(const QSqlError &error, const RunOptions &options) const
{
    return diagnose(EngineError::fromSqlError(m_info.engine, error), options.schema.get(),
                    options.diagnose);
}

bool ExecutorWorker::execPlain(const QString &statement, QSqlError *error)
{
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    if (query.exec(statement))
        return true;
    if (error)
        *error = query.lastError();
    return false;
}

Result<ServerInfo, Diagnosis> ExecutorWorker::open()
{
    if (m_open)
        return m_info;
    close();
    m_connectionName = u"sqlmend-exec-%1"_s.arg(++connectionCounter);
    m_database = QSqlDatabase::addDatabase(m_profile.qtDriverName(), m_connectionName);
    if (!m_database.isValid()) {
        const Diagnosis diagnosis = diagnose(EngineError::fromText(
                m_info.engine,
                tr("The Qt SQL driver %1 is not available.").arg(m_profile.qtDriverName())));
        close();
        return makeUnexpected(diagnosis);
    }
    const SqlEngine &named = EngineRegistry::forEngine(m_info.engine);
    if (const std::optional<QString> refusal = named.configure(m_database, m_profile, m_password)) {
        const Diagnosis diagnosis = diagnose(EngineError::fromText(m_info.engine, *refusal));
        close();
        return makeUnexpected(diagnosis);
    }
    m_database.setConnectOptions(m_profile.qtConnectOptions());
    if (!m_database.open()) {
        const Diagnosis diagnosis =
                diagnose(EngineError::fromSqlError(m_info.engine, m_database.lastError()));
        close();
        return makeUnexpected(diagnosis);
    }

    const ReachedServer server = named.reached(m_database);
    m_info.version = server.version;
    m_info.engine = server.engine;
    m_info.dialect = server.dialect;
    m_dialect = server.session;

    for (const QString &statement : dialect().sessionSetup()) {
        QSqlError error;
        if (!execPlain(statement, &error)) {
            const Diagnosis diagnosis = diagnose(EngineError::fromSqlError(m_info.engine, error));
            close();
            return makeUnexpected(diagnosis);
        }
    }
    m_session = dialect().attach(m_database, m_profile, m_password, *m_interrupt);
    if (std::optional<QString> refusal = pinSession()) {
        const Diagnosis diagnosis = diagnose(EngineError::fromText(m_info.engine, *refusal));
        close();
        return makeUnexpected(diagnosis);
    }
    m_open = true;
    return m_info;
}

std::optional<QString> ExecutorWorker::pinSession()
{
    m_repin.clear();
    const SqlEngine &session = dialect();
    QString state;
    if (const QString stateQuery = session.lexingStateQuery(); !stateQuery.isEmpty()) {
        QSqlQuery query(m_database);
        query.setForwardOnly(true);
        if (!query.exec(stateQuery) || !query.next()) {
            return tr("The server's settings could not be read: %1").arg(query.lastError().text());
        }
        state = query.value(0).toString();
    }
    const LexingPin pin = session.lexingPin(state);
    for (const QString &statement : pin.statements) {
        QSqlError error;
        if (!execPlain(statement, &error)) {
            return tr("The server does not accept %1, which SQLMend needs so that it reads "
                      "queries as the server does: %2")
                    .arg(statement, error.text());
        }
    }
    if (!pin.probe.isEmpty()) {
        QSqlQuery probe(m_database);
        probe.setForwardOnly(true);
        const bool ran = probe.exec(pin.probe) && probe.next();
        const QString value = ran ? probe.value(0).toString() : QString();
        if (value != pin.expected) {
            return tr("The server still reads quotes and backslashes differently from SQLMend "
                      "after %1 (its answer to %2 was '%3', not '%4'); the connection is "
                      "refused.")
                    .arg(pin.statements.join(u"; "), pin.probe, value, pin.expected);
        }
    }
    if (std::optional<QString> refusal = m_session->refusal(m_database))
        return refusal;
    if (pin.beforeEachRun)
        m_repin = pin.statements;
    return std::nullopt;
}

bool ExecutorWorker::serverAllows(const QString &text, RunStage stage, const RunOptions &options,
                                  RunResult &result)
{
    QSqlError error;
    switch (m_session->parse(text, &error)) {
    case EngineSession::Parse::One:
        return true;
    case EngineSession::Parse::Several: {
        result.outcome = RunOutcome::Blocked;
        result.stage = RunStage::Guard;
        GuardVerdict verdict;
        verdict.reason = tr("The server reads this text as more than one statement, so the "
                            "guard's reading and the server's differ; nothing was run.");
        verdict.offset = 0;
        result.diagnosis = diagnose(verdict.toEngineError(m_info.engine), options.schema.get(),
                                    options.diagnose);
        return false;
    }
    case EngineSession::Parse::Failed:
        result.stage = stage;
        finishWithError(result, error, options);
        return false;
    }
    return false;
}

void ExecutorWorker::close()
{
    m_open = false;
    m_repin.clear();
    if (m_interrupt)
        m_interrupt->detach();
    m_session.reset();
    m_dialect = nullptr;
    if (m_connectionName.isEmpty())
        return;
    if (m_database.isOpen())
        m_database.close();
    m_database = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connectionName);
    m_connectionName.clear();
}

bool ExecutorWorker::guardAllows(const QString &sql, const RunOptions &options, RunResult &result,
                                 QString *kind)
{
    const GuardVerdict verdict = StatementGuard::check(sql, m_info.engine);
    *kind = verdict.kind;
    if (verdict.allowed || options.guard == GuardMode::BypassForWallTests)
        return true;
    result.outcome = RunOutcome::Blocked;
    result.stage = RunStage::Guard;
    result.diagnosis =
            LiveCatalog::diagnose(verdict.toEngineError(m_info.engine), options, m_database);
    return false;
}

void ExecutorWorker::fetch(QSqlQuery &query, RunResult &result, const RunOptions &options)
{
    const QSqlRecord record = query.record();
    for (int i = 0; i < record.count(); ++i) {
        result.columns.append(record.fieldName(i));
        result.columnTypes.append(QString::fromLatin1(record.field(i).metaType().name()));
    }
    if (!query.isSelect()) {
        result.rowsAffected = query.numRowsAffected();
        result.rowStatus = RowCountStatus::Complete;
        result.outcome = RunOutcome::Ok;
        return;
    }

    ResultBatch batch;
    batch.generation = result.generation;
    batch.columns = result.columns;
    QElapsedTimer sinceBatch;
    sinceBatch.start();
    const int columnCount = record.count();
    const int batchSize = qMax(1, options.batchSize);
    FetchEnd end = FetchEnd::Complete;
    QSqlError fetchError;
    RowSink *const sink = options.rowSink.get();
    if (sink) {
        QList<QMetaType> types;
        types.reserve(columnCount);
        for (int i = 0; i < columnCount; ++i)
            types.append(record.field(i).metaType());
        if (!sink->begin(result.columns, types))
            end = FetchEnd::SinkClosed;
    }
    const bool streamOnly = sink && !options.keepRows && !options.batches;
    QVariantList reused(streamOnly ? columnCount : 0);
    while (end != FetchEnd::SinkClosed) {
        if (m_interrupt->isCancelled(result.generation)) {
            end = FetchEnd::Cancelled;
            break;
        }
        // The clock every few rows: a row is quicker than reading it.
        if ((result.rowCount & 31) == 0 && m_interrupt->deadlinePassed()) {
            end = FetchEnd::TimedOut;
            break;
        }
        const bool capped = options.maxRows > 0 && result.rowCount >= options.maxRows;
        if (!query.next()) {
            if (query.lastError().isValid()) {
                fetchError = query.lastError();
                end = FetchEnd::Failed;
            }
            break;
        }
        if (capped) {
            end = FetchEnd::Capped;
            // Without this, discarding the rest of a PostgreSQL result would read all of it.
            m_interrupt->stopAtCap();
            break;
        }
        if (streamOnly) {
            // The rows only pass through the sink: one buffer serves every row.
            for (int i = 0; i < columnCount; ++i)
                reused[i] = query.value(i);
            ++result.rowCount;
            if (!sink->row(reused)) {
                end = FetchEnd::SinkClosed;
                m_interrupt->stopAtCap(); // the rest of the result is not read
                break;
            }
            continue;
        }
        QVariantList row;
        row.reserve(columnCount);
        for (int i = 0; i < columnCount; ++i)
            row.append(query.value(i));
        ++result.rowCount;
        if (sink && !sink->row(row)) {
            end = FetchEnd::SinkClosed;
            m_interrupt->stopAtCap(); // the rest of the result is not read
            break;
        }
        if (!options.batches) {
            if (options.keepRows)
                result.rows.append(std::move(row));
            continue;
        }
        if (options.keepRows)
            result.rows.append(row);
        batch.rows.append(std::move(row));
        if (batch.rows.size() >= batchSize || sinceBatch.elapsed() >= BatchIntervalMs) {
            Q_EMIT batchReady(batch);
            batch.firstRow = result.rowCount;
            batch.rows.clear();
            sinceBatch.restart();
        }
    }
    batch.last = true;
    if (options.batches)
        Q_EMIT batchReady(batch);

    switch (end) {
    case FetchEnd::Complete:
        result.outcome = RunOutcome::Ok;
        result.rowStatus = RowCountStatus::Complete;
        break;
    case FetchEnd::Capped:
        result.outcome = RunOutcome::Ok;
        result.rowStatus = RowCountStatus::Partial;
        break;
    case FetchEnd::Cancelled:
    case FetchEnd::SinkClosed:
        result.outcome = RunOutcome::Cancelled;
        result.rowStatus = RowCountStatus::Partial;
        break;
    case FetchEnd::TimedOut:
        result.outcome = RunOutcome::Timeout;
        result.rowStatus = RowCountStatus::Partial;
        break;
    case FetchEnd::Failed:
        result.rowStatus = RowCountStatus::Partial;
        finishWithError(result, fetchError, options);
        break;
    }
}

AnswerDoubt ExecutorWorker::doubtAbout(const QString &text, const StatementReading &reading,
                                       const RunResult &result, const RunOptions &options,
                                       const SchemaNames *names)
{
    if (result.rowCount == 0)
        return AnswerDoubt::NoRows;
    if (AnswerCheck::onlyNulls(result.rows))
        return AnswerDoubt::NullsOnly;
    if (AnswerCheck::hasDuplicateRows(result.rows))
        return AnswerDoubt::DuplicateRows;
    // Read from the statement's tokens: decided before any probe runs on the server.
    if (result.rowCount > 1 && AnswerCheck::comparesWithExtreme(text, m_info.engine))
        return AnswerDoubt::ExtremeTie;
    const AnswerDoubt probed = probeDoubt(
            AnswerCheck::probes(text, m_info.engine, int(result.columns.size())), result, options);
    if (probed != AnswerDoubt::None)
        return probed;
    if (!names)
        return AnswerDoubt::None;
    return probeDoubt(AnswerCheck::valueProbes(reading, *names), result, options);
}

AnswerDoubt ExecutorWorker::probeDoubt(const QList<AnswerProbe> &probes, const RunResult &result,
                                       const RunOptions &options)
{
    for (const AnswerProbe &probe : probes) {
        std::optional<QList<QVariantList>> first;
        if (!probe.first.isEmpty()) {
            first = probeRows(probe.first, result.generation, options);
            if (!first)
                return AnswerDoubt::Unverified;
        }
        const std::optional<QList<QVariantList>> second =
                probeRows(probe.second, result.generation, options);
        if (!second)
            return AnswerDoubt::Unverified;
        if (!probe.whenNoRows.isEmpty() && second->isEmpty()) {
            const std::optional<QList<QVariantList>> third =
                    probeRows(probe.whenNoRows, result.generation, options);
            if (!third)
                return AnswerDoubt::Unverified;
            if (third->isEmpty())
                continue;
            return probe.doubt;
        }
        if (!AnswerCheck::sameRows(first ? *first : result.rows, *second, probe.ordered))
            return probe.doubt;
    }
    return AnswerDoubt::None;
}

std::shared_ptr<const SchemaNames> ExecutorWorker::schemaNames(const RunOptions &options)
{
    if (options.schema || !options.catalog)
        return options.schema;
    return options.catalog->names(m_database, m_info.engine);
}

AnswerDoubt ExecutorWorker::statementDoubt(const StatementReading &statement,
                                           const SchemaNames *names)
{
    if (AnswerCheck::repeatsFilter(statement))
        return AnswerDoubt::RepeatsFilter;
    if (names && !AnswerCheck::extremeOfKey(statement, *names).isEmpty())
        return AnswerDoubt::ExtremeOfKey;
    if (AnswerCheck::showsFilter(statement))
        return AnswerDoubt::ShowsFilter;
    if (names && !AnswerCheck::negatedJoin(statement, *names).isEmpty())
        return AnswerDoubt::NegatedJoin;
    if (AnswerCheck::arbitraryRow(statement))
        return AnswerDoubt::ArbitraryRow;
    if (AnswerCheck::showsRanking(statement))
        return AnswerDoubt::ShowsRanking;
    if (AnswerCheck::showsHaving(statement))
        return AnswerDoubt::ShowsHaving;
    if (names && !AnswerCheck::outerColumn(statement, *names).isEmpty())
        return AnswerDoubt::OuterColumn;
    if (AnswerCheck::chainedComparison(statement))
        return AnswerDoubt::ChainedComparison;
    if (AnswerCheck::alwaysTrue(statement))
        return AnswerDoubt::AlwaysTrue;
    if (names && !AnswerCheck::keyToKey(statement, *names).isEmpty())
        return AnswerDoubt::KeyToKey;
    if (!AnswerCheck::crossJoin(statement).isEmpty())
        return AnswerDoubt::CrossJoin;
    if (names && !AnswerCheck::oneRowGroups(statement, *names).isEmpty())
        return AnswerDoubt::OneRowGroups;
    return AnswerDoubt::None;
}

std::optional<QList<QVariantList>> ExecutorWorker::probeRows(const QString &sql, quint64 generation,
                                                             const RunOptions &options)
{
    // Built from a statement the guard let through; it must pass the same walls.
    if (!StatementGuard::check(sql, m_info.engine).allowed)
        return std::nullopt;
    QSqlError error;
    if (m_session->parse(sql, &error) != EngineSession::Parse::One)
        return std::nullopt;
    QSqlQuery query(m_database);
    query.setForwardOnly(true);
    if (!query.exec(sql))
        return std::nullopt;
    QList<QVariantList> rows;
    const int columnCount = query.record().count();
    while (query.next()) {
        if (m_interrupt->isCancelled(generation) || m_interrupt->deadlinePassed())
            return std::nullopt;
        if (options.maxRows > 0 && rows.size() >= options.maxRows) {
            m_interrupt->stopAtCap();
            break;
        }
        QVariantList row;
        row.reserve(columnCount);
        for (int i = 0; i < columnCount; ++i)
            row.append(query.value(i));
        rows.append(std::move(row));
    }
    const bool failed = query.lastError().isValid();
    query.finish();
    if (failed)
        return std::nullopt;
    return rows;
}

void ExecutorWorker::finishWithError(RunResult &result, const QSqlError &error,
                                     const RunOptions &options)
{
    result.outcome = RunOutcome::Error;
    result.diagnosis = diagnoseError(error, options);
}

RunResult ExecutorWorker::run(quint64 generation, const QString &sql, const RunOptions &given)
{
    // The statement goes with every diagnosis of this run: some engines name no column
    // (SQLite's "misuse of aggregate"), and the advice then reads the names from the SQL.
    RunOptions options = given;
    options.diagnose.statement = sql;
    QElapsedTimer timer;
    timer.start();
    RunResult result;
    result.generation = generation;
    m_interrupt->begin(generation, options.timeoutMs);

    const auto settle = [&] {
        // After the run's transaction ended: the catalog can be read again (PostgreSQL refuses
        // every query in an aborted transaction).
        if (result.outcome == RunOutcome::Error && result.diagnosis)
            LiveCatalog::addNames(*result.diagnosis, options, m_database);
        // A cancel or a deadline explains whatever error the interrupted statement produced.
        const RunInterrupt::Reason fired = m_interrupt->firedReason();
        if (m_interrupt->isCancelled(generation)) {
            result.outcome = RunOutcome::Cancelled;
            result.diagnosis.reset();
        } else if (result.outcome != RunOutcome::Blocked
                   && (result.outcome == RunOutcome::Timeout
                       || fired == RunInterrupt::Reason::Timeout
                       || (result.outcome == RunOutcome::Error && m_interrupt->deadlinePassed())
                       || (result.diagnosis
                           && result.diagnosis->errorClass() == ErrorClass::Timeout))) {
            result.outcome = RunOutcome::Timeout;
            if (!result.diagnosis || result.diagnosis->errorClass() != ErrorClass::Timeout) {
                Diagnosis diagnosis = result.diagnosis.value_or(
                        diagnose(EngineError::fromOrigin(ErrorOrigin::Deadline, m_info.engine,
                                                         tr("The statement ran longer than its "
                                                            "limit of %1 ms and was stopped.")
                                                                 .arg(options.timeoutMs)),
                                 nullptr, options.diagnose));
                diagnosis.classification.errorClass = ErrorClass::Timeout;
                diagnosis.classification.terminal = isTerminal(ErrorClass::Timeout);
                diagnosis.classification.rule = u"executor:deadline"_s;
                diagnosis.advice = Advisor::advise(diagnosis.sqlDialect(), diagnosis.error,
                                                   diagnosis.classification, options.schema.get());
                result.diagnosis = diagnosis;
            }
        }
        m_interrupt->end();
        result.elapsedMs = timer.elapsed();
        return result;
    };

    if (m_interrupt->isCancelled(generation))
        return settle();
    if (!m_open) {
        auto opened = open();
        if (!opened) {
            result.outcome = RunOutcome::Error;
            result.stage = RunStage::Connect;
            result.diagnosis = opened.error();
            return settle();
        }
    }
    options.diagnose.dialect = m_info.dialect; // known once the connection is open

    result.stage = RunStage::Guard;
    QString kind;
    if (!guardAllows(sql, options, result, &kind))
        return settle();
    // The statement without the semicolons and comments after it ("SELECT 1;;" runs).
    const QString text = StatementGuard::runnableText(sql, m_info.engine);
    if (const QString reason = dialect().unrunnableReason(kind); !reason.isEmpty()) {
        result.outcome = RunOutcome::Error;
        result.stage = RunStage::Execute;
        result.diagnosis = diagnose(EngineError::fromText(m_info.engine, reason),
                                    options.schema.get(), options.diagnose);
        return settle();
    }

    const auto endRun = [this] {
        for (const QString &statement : dialect().endRun())
            execPlain(statement, nullptr);
        m_session->endRun();
    };

    // The schema's names every check reads, once, before the run and outside its transaction:
    // the catalog may be read for them.
    // The statement is read once for every check that reads it.
    std::shared_ptr<const SchemaNames> checkNames;
    StatementReading reading;
    if (options.checkAnswer != AnswerChecks::None) {
        checkNames = schemaNames(options);
        reading = AnswerCheck::read(text, m_info.engine);
    }
    // What the statement itself shows needs no rows: it is decided before the run. A statement
    // free of it has nothing left to check, and its rows go out as they come, as any
    // statement's; one in doubt keeps its rows from the sink, since they will not stand.
    // The text values it compares columns with are read after the run, on the same session:
    // its rows wait for them too.
    AnswerDoubt shown = AnswerDoubt::None;
    QList<AnswerProbe> values;
    if (options.checkAnswer == AnswerChecks::Statement) {
        shown = statementDoubt(reading, checkNames.get());
        if (shown == AnswerDoubt::None && checkNames)
            values = AnswerCheck::valueProbes(reading, *checkNames);
        if (shown == AnswerDoubt::None && values.isEmpty())
            options.checkAnswer = AnswerChecks::None;
        else
            options.rowSink.reset();
    }
    // The rows wait in memory for the checks: at most MaxCheckedRows of them, whatever the cap.
    bool checkCap = false;
    if (options.checkAnswer != AnswerChecks::None) {
        options.keepRows = true;
        if (options.maxRows == 0 || options.maxRows > AnswerCheck::MaxCheckedRows) {
            options.maxRows = AnswerCheck::MaxCheckedRows;
            checkCap = true;
        }
    }

    result.stage = RunStage::Execute;
    m_session->beginRun(options.timeoutMs, options.maxRows);
    QStringList prelude = m_repin;
    prelude << dialect().beginRun(options.timeoutMs, options.maxRows);
    for (const QString &statement : std::as_const(prelude)) {
        QSqlError error;
        if (!execPlain(statement, &error)) {
            finishWithError(result, error, options);
            endRun();
            return settle();
        }
    }

    // EXPLAIN, SHOW, DESCRIBE and PRAGMA are their own dry run: EXPLAIN EXPLAIN would fail.
    if (options.dryRun && SqlEngine::dryRunApplies(kind)) {
        result.stage = RunStage::DryRun;
        const QString dryRun = dialect().dryRunSql(text);
        if (!serverAllows(dryRun, RunStage::DryRun, options, result)) {
            endRun();
            return settle();
        }
        QSqlQuery plan(m_database);
        plan.setForwardOnly(true);
        if (!plan.exec(dryRun)) {
            finishWithError(result, plan.lastError(), options);
            plan.finish();
            endRun();
            return settle();
        }
        QStringList lines;
        while (plan.next() && lines.size() < MaxPlanLines) {
            QStringList cells;
            for (int i = 0; i < plan.record().count(); ++i)
                cells.append(plan.value(i).toString());
            lines.append(cells.join(u" | "));
        }
        plan.finish();
        result.plan = lines.join(u'\n');
    }

    result.stage = RunStage::Execute;
    if (!serverAllows(text, RunStage::Execute, options, result)) {
        endRun();
        return settle();
    }
    {
        QSqlQuery query(m_database);
        query.setForwardOnly(true);
        if (!query.exec(text)) {
            finishWithError(result, query.lastError(), options);
        } else {
            result.stage = RunStage::Fetch;
            fetch(query, result, options);
            if (result.outcome == RunOutcome::Ok)
                result.stage = RunStage::Done;
        }
        query.finish();
    }
    if (checkCap && result.outcome == RunOutcome::Ok && result.rowStatus == RowCountStatus::Partial)
        result.doubt = AnswerDoubt::TooManyRows; // the rows the caller asked for are not all here
    else if (options.checkAnswer == AnswerChecks::All && result.outcome == RunOutcome::Ok)
        result.doubt = doubtAbout(text, reading, result, options, checkNames.get());
    else if (!values.isEmpty() && result.outcome == RunOutcome::Ok)
        result.doubt = probeDoubt(values, result, options);
    endRun();
    if (result.outcome == RunOutcome::Ok && result.doubt == AnswerDoubt::None) {
        if (shown != AnswerDoubt::None)
            result.doubt = shown;
        else if (options.checkAnswer == AnswerChecks::All)
            result.doubt = statementDoubt(reading, checkNames.get());
    }
    return settle();
}

} // namespace sqlmend::core
