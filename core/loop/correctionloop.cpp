#include "core/loop/correctionloop.h"

#include "core/cases/casestoreservice.h"
#include "core/cases/contextsettings.h"
#include "core/cases/notestore.h"
#include "core/cases/sqlnormalizer.h"
#include "core/continuation.h"
#include "core/engines/engineregistry.h"
#include "core/exec/executor.h"
#include "core/exec/livecatalog.h"
#include "core/llm/llmcall.h"
#include "core/llm/llmprovider.h"
#include "core/llm/replyparser.h"
#include "core/llm/tokenestimate.h"
#include "core/errors/queryscope.h"
#include "core/loop/loopdecision.h"
#include "core/loop/schemagap.h"
#include "core/repair/repairs.h"
#include "core/schema/schemacatalog.h"
#include "core/schema/catalogcache.h"

#include <QElapsedTimer>
#include <QSet>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTimer>

#include <utility>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

struct CorrectionLoop::Run
{
    QuestionOutcome outcome;
    QElapsedTimer clock;
    LoopAttempt current;
    QList<TraceSpan> pendingSpans; // catalog and link: they belong to the first attempt
    qint64 attemptStartMs = 0;
    bool attemptOpen = false;
    int modelRounds = 0; // model requests started
    bool emptyRoundGranted = false;
    bool narrowed = false;
    bool truncationRetried = false;
    FollowUp followUp;
    QString firstSql; // a first attempt given by the caller (a recorded prediction), not asked for
    QSet<QString> tried; // normalized SQL already run
    QStringList triedSql;
    LinkedSchema schema;
    ContextSettings marks; // the datasource's pins and excludes, with the policy's over them
    // The names advice and repairs may use: the catalog's without the excluded tables.
    std::shared_ptr<const SchemaNames> names;
    QList<LinkOptions::Named> namedByError; // tables errors pointed at, linked from then on
    bool relink = false;                    // the next model round links the schema again
    QList<PromptExample> examples;
    std::optional<QList<TableSample>> samples; // only with LoopPolicy::sampleValues
    QPointer<LlmCall> call;
    quint64 generation = 0; // the executor's, while a run is under way
    bool executing = false;
    AnswerChecks checkAnswer = AnswerChecks::None; // what the running repair's result must pass
    std::optional<FixKey> cachedFrom;              // the key of the cached fix being judged
    QTimer *deadline = nullptr;
};

namespace {

// Tables linked by the question's words at most (their neighbours, pins and the rest come on top).
constexpr int MaxMatchedTables = 12;

AttemptOutcome attemptOutcome(const RunResult &result)
{
    switch (result.outcome) {
    case RunOutcome::Ok:
        if (result.doubt != AnswerDoubt::None)
            return AttemptOutcome::Doubtful;
        return result.rowCount > 0 ? AttemptOutcome::Ok : AttemptOutcome::Empty;
    case RunOutcome::Error:
        return AttemptOutcome::Error;
    case RunOutcome::Blocked:
        return AttemptOutcome::Blocked;
    case RunOutcome::Timeout:
        return AttemptOutcome::Timeout;
    case RunOutcome::Cancelled:
        return AttemptOutcome::Cancelled;
    }
    return AttemptOutcome::Error;
}

// Read on the executor's worker: the default schema's catalog and its schema index, through the
// catalog cache (the same snapshot again while the schema's fingerprint has not changed). The
// names the diagnoses read (LiveCatalog) are the snapshot's: one diagnosis on every path.
LoopCatalog loadCatalog(QSqlDatabase &db, Engine engine, const QString &datasource,
                        const LoopCatalog &previous)
{
    LoopCatalog catalog;
    catalog.loaded = true;
    catalog.engine = engine;
    catalog.live = std::make_shared<LiveCatalog>();
    if (db.isOpen()) {
        const auto snapshot = CatalogCache().current(db, engine, datasource, {},
                                                     CatalogCache::Needs::Index, previous.snapshot);
        if (snapshot && snapshot.value() == previous.snapshot && previous.live)
            return previous;
        if (snapshot) {
            catalog.snapshot = snapshot.value();
            catalog.live->adopt(catalog.snapshot->names);
            catalog.names = catalog.live->names(db, engine);
            catalog.linker = catalog.snapshot->linker;
            catalog.failure = catalog.snapshot->indexFailure;
            return catalog;
        }
        catalog.failure = snapshot.error().advice.text();
    }
    catalog.names = catalog.live->names(db, engine);
    auto linker = SchemaLinker::build({});
    if (linker)
        catalog.linker = linker.value();
    return catalog;
}

struct QuestionContext
{
    LinkedSchema schema;
    std::optional<QList<TableSample>> samples;
};

} // namespace

CorrectionLoop::CorrectionLoop(Executor *executor, std::shared_ptr<const LlmProvider> provider,
                               QObject *parent)
    : QObject(parent), m_executor(executor), m_provider(std::move(provider))
{
    // A closed connection ends the question at once, with that reason, instead of leaving it
    // waiting for answers that will not come.
    if (executor) {
        connect(executor, &QObject::destroyed, this,
                [this] { stop(QuestionStatus::Cancelled, tr("The connection was closed.")); });
    }
}

CorrectionLoop::~CorrectionLoop()
{
    if (m_run) {
        ++m_token;
        if (m_run->call)
            m_run->call->cancel();
        if (m_executor && m_run->executing)
            m_executor->cancel(m_run->generation);
    }
}

template<typename T, typename Handler>
void CorrectionLoop::whenDone(const QFuture<T> &future, Handler handler)
{
    const quint64 token = m_token;
    onFinished(future, this,
               [this, token, handler = std::move(handler)](const QFuture<T> &done) mutable {
                   if (token != m_token || !m_run)
                       return; // the question ended (cancel, wall clock) before this arrived
                   const std::optional<T> value = resultOf(done);
                   if (!value) {
                       stop(QuestionStatus::Failed, tr("The database connection went away."));
                       return;
                   }
                   handler(*value);
               });
}

template<typename T, typename Handler>
void CorrectionLoop::whenStored(const QFuture<Result<T>> &future, Handler handler)
{
    const quint64 token = m_token;
    onFinished(future, this,
               [this, token, handler = std::move(handler)](const QFuture<Result<T>> &done) mutable {
                   if (token != m_token || !m_run)
                       return;
                   const std::optional<Result<T>> value = resultOf(done);
                   handler(value ? *value
                                 : Result<T>(makeFailure(tr("The case store did not answer."))));
               });
}

QString CorrectionLoop::datasource() const
{
    return m_policy.datasource.isEmpty() && m_executor ? m_executor->profile().toUrl()
                                                       : m_policy.datasource;
}

bool CorrectionLoop::askFromAttempt(const QString &question, const QString &firstSql)
{
    if (firstSql.trimmed().isEmpty() || !ask(question))
        return false;
    m_run->firstSql = firstSql;
    return true;
}

bool CorrectionLoop::ask(const QString &question, const FollowUp &followUp)
{
    if (m_run || question.trimmed().isEmpty() || !m_executor || !m_provider)
        return false;
    ++m_token;
    m_run = std::make_unique<Run>();
    m_run->followUp = followUp;
    m_run->clock.start();
    m_run->outcome.question = question.trimmed();
    m_run->outcome.started = QDateTime::currentDateTimeUtc();
    if (m_policy.wallClockMs > 0) {
        m_run->deadline = new QTimer(this);
        m_run->deadline->setSingleShot(true);
        m_run->deadline->setTimerType(Qt::PreciseTimer);
        const quint64 token = m_token;
        connect(m_run->deadline, &QTimer::timeout, this, [this, token] {
            if (token == m_token && m_run)
                stop(QuestionStatus::Timeout,
                     tr("The question took longer than %1 ms and was stopped.")
                             .arg(m_policy.wallClockMs));
        });
        m_run->deadline->start(m_policy.wallClockMs);
    }
    Q_EMIT questionStarted(m_run->outcome.question);
    prepareCatalog();
    return true;
}

void CorrectionLoop::prepareCatalog()
{
    const qint64 start = m_run->clock.elapsed();
    whenDone(m_executor->open(), [this, start](const Result<ServerInfo, Diagnosis> &info) {
        if (!info) {
            addSpan(u"connect"_s, start, u"error"_s);
            stop(QuestionStatus::Failed, info.error().advice.text());
            return;
        }
        const Engine engine =
                info->engine != Engine::Unknown ? info->engine : m_executor->profile().engine();
        const Engine dialect = info->dialect;
        const QString datasource = m_executor->profile().toUrl();
        whenDone(m_executor->submit<LoopCatalog>(
                         [engine, datasource, previous = m_catalog](QSqlDatabase &db) {
                             return loadCatalog(db, engine, datasource, previous);
                         }),
                 [this, start, dialect](const LoopCatalog &catalog) {
                     m_catalog = catalog;
                     m_catalog.dialect = dialect;
                     addSpan(u"catalog"_s, start, catalog.failure.isEmpty() ? u"ok"_s : u"error"_s);
                     loadNotes();
                 });
    });
}

// The datasource's business notes, read from the store each question (a note edited meanwhile
// counts), indexed on the store's thread again only when they changed.
void CorrectionLoop::loadNotes()
{
    if (!m_store) {
        prepareQuestion();
        return;
    }
    std::function<Result<std::shared_ptr<const NoteIndex>>(CaseStore &)> job =
            [datasource = datasource(),
             previous = m_notes](CaseStore &store) -> Result<std::shared_ptr<const NoteIndex>> {
        Result<BusinessNotes> notes = NoteStore(store).notes(datasource);
        if (!notes)
            return makeUnexpected(notes.error());
        if (previous && previous->fingerprint() == notes->fingerprint())
            return previous;
        Result<std::shared_ptr<NoteIndex>> built = NoteIndex::build(notes.value());
        if (!built)
            return makeUnexpected(built.error());
        return std::shared_ptr<const NoteIndex>(built.value());
    };
    // A store that cannot answer costs the prompt its notes, not the question.
    whenStored(m_store->submit(std::move(job)),
               [this](const Result<std::shared_ptr<const NoteIndex>> &index) {
                   if (index)
                       m_notes = index.value();
                   prepareQuestion();
               });
}

void CorrectionLoop::prepareQuestion()
{
    if (!m_store) {
        applyTableMarks({});
        findExamples();
        return;
    }
    // A store that cannot answer costs the question the stored pins and excludes (the policy's
    // still hold), not the question.
    const QString source = datasource();
    whenStored(m_store->submit<ContextSettings>([source](CaseStore &store) {
        return ContextSettingsStore::load(store, source);
    }),
               [this](const Result<ContextSettings> &stored) {
                   applyTableMarks(stored ? stored.value() : ContextSettings());
                   findExamples();
               });
}

void CorrectionLoop::applyTableMarks(const ContextSettings &stored)
{
    m_run->marks = stored.overlaidWith(m_policy.tableMarks);
    m_run->names = m_catalog.names;
    if (m_catalog.names && !m_run->marks.excluded.isEmpty()) {
        auto visible = std::make_shared<SchemaNames>(*m_catalog.names);
        const QStringList &excluded = m_run->marks.excluded;
        visible->tables.removeIf([&excluded](const SchemaNames::Table &table) {
            return excluded.contains(table.name, Qt::CaseInsensitive);
        });
        m_run->names = visible;
    }
}

void CorrectionLoop::findExamples()
{
    if (!m_store || m_policy.similarCases <= 0) {
        linkSchema();
        return;
    }
    // A store that cannot answer costs the prompt its examples, not the question. Examples that
    // answered a follow-up come with the questions before them.
    std::function<Result<QList<PromptExample>>(CaseStore &)> job =
            [question = m_run->outcome.question, source = datasource(),
             k = m_policy.similarCases](CaseStore &store) -> Result<QList<PromptExample>> {
        const Result<QList<CaseRecord>> similar = store.similarGoodCases(question, source, k);
        if (!similar)
            return makeUnexpected(similar.error());
        QList<qint64> ids;
        for (const CaseRecord &record : similar.value())
            ids.append(record.id);
        const auto contexts = ConversationStore(store).caseContexts(ids);
        QList<PromptExample> examples;
        for (const CaseRecord &record : similar.value())
            examples.append({record.question, record.sql,
                             contexts ? contexts->value(record.id) : QStringList()});
        return examples;
    };
    whenStored(m_store->submit(std::move(job)),
               [this](const Result<QList<PromptExample>> &examples) {
                   if (examples) {
                       for (const PromptExample &example : examples.value()) {
                           // An example that reads an excluded table would send its name.
                           if (excludedTableIn(example.sql).isEmpty())
                               m_run->examples.append(example);
                       }
                   }
                   linkSchema();
               });
}

LinkOptions CorrectionLoop::linkOptions() const
{
    LinkOptions options;
    options.pinned = m_run->marks.pinned;
    options.excluded = m_run->marks.excluded;
    for (const PromptExample &example : std::as_const(m_run->examples)) {
        for (const QString &table :
             QueryScope::read(example.sql, m_catalog.sqlDialect()).tables()) {
            if (!options.exampleTables.contains(table, Qt::CaseInsensitive))
                options.exampleTables.append(table);
        }
    }
    options.namedByError = m_run->namedByError;
    return options;
}

// The first excluded table the statement reads, or empty.
QString CorrectionLoop::excludedTableIn(const QString &sql) const
{
    if (m_run->marks.excluded.isEmpty())
        return {};
    for (const QString &table : QueryScope::read(sql, m_catalog.sqlDialect()).tables()) {
        if (m_run->marks.excluded.contains(table, Qt::CaseInsensitive))
            return table;
    }
    return {};
}

// An error that names what exists in a table the prompt did not show: the advice says so, and
// the next model round links that table.
void CorrectionLoop::noteSchemaGap(LoopAttempt &attempt)
{
    if (!attempt.diagnosis || !m_run->names)
        return;
    const QList<SchemaGap::Found> found =
            SchemaGap::find(*attempt.diagnosis, *m_run->names, m_run->schema.tables);
    if (found.isEmpty())
        return;
    attempt.advice = attempt.diagnosis->advice.text() + u'\n' + SchemaGap::advice(found);
    for (const SchemaGap::Found &gap : found)
        m_run->namedByError.append({gap.table, gap.name, attempt.index + 1});
    m_run->relink = true;
}

void CorrectionLoop::linkSchema()
{
    const qint64 start = m_run->clock.elapsed();
    // Linking (and sample rows, when the user allowed them) run on the worker, next to the
    // connection; the schema index is only touched there.
    const std::shared_ptr<SchemaLinker> linker = m_catalog.linker;
    const std::shared_ptr<const NoteIndex> notes = m_notes;
    const QString question = m_run->outcome.question;
    const int budget = m_policy.schemaTokenBudget;
    const bool samples = m_policy.sampleValues;
    const int sampleRows = m_policy.sampleRowsPerTable;
    const Engine engine = m_catalog.sqlDialect(); // the backend's quotes and row limit, over ODBC
    const LinkOptions options = linkOptions();
    whenDone(m_executor->submit<QuestionContext>([=](QSqlDatabase &db) {
        QuestionContext context;
        if (linker)
            context.schema = linker->link(question, budget, MaxMatchedTables, options, notes.get());
        if (samples) {
            QList<TableSample> list;
            const SqlEngine &dialect = EngineRegistry::forEngine(engine);
            for (const QString &table : context.schema.tables.mid(0, 3)) {
                if (!db.isOpen())
                    break;
                QSqlQuery query(db);
                query.setForwardOnly(true);
                if (!query.exec(u"SELECT * FROM %1 %2"_s.arg(dialect.quoteIdentifier(table),
                                                             dialect.rowLimitClause(sampleRows))))
                    continue;
                TableSample sample;
                sample.table = table;
                const QSqlRecord record = query.record();
                for (int i = 0; i < record.count(); ++i)
                    sample.columns << record.fieldName(i);
                while (query.next()) {
                    QVariantList row;
                    for (int i = 0; i < record.count(); ++i)
                        row << query.value(i);
                    sample.rows << row;
                }
                list << sample;
            }
            context.samples = list;
        }
        return context;
    }),
             [this, start](const QuestionContext &context) {
                 m_run->schema = context.schema;
                 m_run->samples = context.samples;
                 addSpan(u"link"_s, start, u"ok"_s, context.schema.tokens);
                 startFirstAttempt();
             });
}

// Before a model round whose prompt must show what an error pointed at: the same linking with
// those tables added, on the worker like the first.
void CorrectionLoop::linkAgain()
{
    m_run->relink = false;
    const qint64 start = m_run->clock.elapsed();
    const std::shared_ptr<SchemaLinker> linker = m_catalog.linker;
    if (!linker) {
        askModel();
        return;
    }
    const QString question = m_run->outcome.question;
    const int budget = m_policy.schemaTokenBudget;
    const LinkOptions options = linkOptions();
    whenDone(m_executor->submit<LinkedSchema>([=](QSqlDatabase &) {
        return linker->link(question, budget, MaxMatchedTables, options);
    }),
             [this, start](const LinkedSchema &schema) {
                 m_run->schema = schema;
                 addSpan(u"link"_s, start, u"ok"_s, schema.tokens);
                 askModel();
             });
}

void CorrectionLoop::startFirstAttempt()
{
    if (m_run->firstSql.isEmpty()) {
        askModel();
        return;
    }
    // A first attempt the caller already has (a recorded prediction): the model's first round.
    beginAttempt(AttemptOrigin::Llm);
    ++m_run->modelRounds;
    m_run->current.linkedTables = m_run->schema.linked;
    m_run->current.sql = m_run->firstSql;
    Q_EMIT sqlReady(m_run->current.index, m_run->current.sql);
    execute(m_run->current.sql);
}

LoopState CorrectionLoop::state() const
{
    LoopState state;
    state.attempts = int(m_run->outcome.attempts.size());
    state.modelRounds = m_run->modelRounds;
    state.emptyRoundGranted = m_run->emptyRoundGranted;
    state.narrowed = m_run->narrowed;
    state.truncationRetried = m_run->truncationRetried;
    state.hasStore = m_store != nullptr;
    state.hasCatalog = m_catalog.names != nullptr;
    return state;
}

// Decides with LoopDecisions (a pure function) what follows, and does it. The current attempt,
// when still open, ends here, with the note the decision asks the next prompt to carry.
void CorrectionLoop::proceed(const LoopEvent &event)
{
    const LoopDecision decision = LoopDecisions::decide(m_policy, state(), event);
    LoopAttempt &attempt = m_run->current;
    if (decision.grantEmptyRound)
        m_run->emptyRoundGranted = true;
    if (decision.markNarrowed) {
        m_run->narrowed = true;
        attempt.advice = (attempt.diagnosis ? attempt.diagnosis->advice.text() + u'\n' : QString())
                + tr("Narrow the query: filter to a smaller range, aggregate earlier, or add a "
                     "row limit.");
    }
    if (decision.markTruncationRetried)
        m_run->truncationRetried = true;
    endAttempt();
    switch (decision.action) {
    case LoopDecision::Action::Finish: {
        QString reason = decision.reason;
        if (reason.isEmpty() && decision.status != QuestionStatus::Ok
            && !m_run->outcome.attempts.isEmpty())
            reason = m_run->outcome.attempts.constLast().reason;
        finish(decision.status, decision.status == QuestionStatus::Ok ? QString() : reason);
        return;
    }
    case LoopDecision::Action::LookUpFix:
        if (!lookupCachedFix())
            proceed(recoveryEvent(LoopEvent::Stage::CacheMissed));
        return;
    case LoopDecision::Action::Repair:
        if (!tryRepair())
            proceed(recoveryEvent(LoopEvent::Stage::NoRepair));
        return;
    case LoopDecision::Action::AskModel:
        askModel();
        return;
    }
}

// The event for the next stage of recovery from the last attempt's failure.
LoopEvent CorrectionLoop::recoveryEvent(LoopEvent::Stage stage) const
{
    const LoopAttempt &last = m_run->outcome.attempts.constLast();
    LoopEvent event;
    event.stage = stage;
    event.outcome = last.outcome;
    if (last.diagnosis)
        event.errorClass = last.diagnosis->errorClass();
    event.rootCause = last.rootCause();
    event.advice = last.advice;
    return event;
}

void CorrectionLoop::beginAttempt(AttemptOrigin origin)
{
    m_run->current = LoopAttempt();
    m_run->current.index = int(m_run->outcome.attempts.size());
    m_run->current.origin = origin;
    m_run->current.spans = std::exchange(m_run->pendingSpans, {});
    m_run->attemptStartMs = m_run->clock.elapsed();
    m_run->attemptOpen = true;
    Q_EMIT attemptStarted(m_run->current.index, origin);
}

void CorrectionLoop::addSpan(const QString &name, qint64 startMs, const QString &outcome,
                             qint64 tokens)
{
    TraceSpan span{name, startMs, m_run->clock.elapsed(), tokens, outcome};
    if (m_run->attemptOpen)
        m_run->current.spans.append(span);
    else
        m_run->pendingSpans.append(span);
}

void CorrectionLoop::endAttempt()
{
    if (!m_run->attemptOpen)
        return;
    m_run->attemptOpen = false;
    LoopAttempt &attempt = m_run->current;
    attempt.elapsedMs = m_run->clock.elapsed() - m_run->attemptStartMs;
    if (attempt.advice.isEmpty() && attempt.diagnosis)
        attempt.advice = attempt.diagnosis->advice.text();
    m_run->outcome.promptTokens += attempt.promptTokens;
    m_run->outcome.completionTokens += attempt.completionTokens;
    m_run->outcome.attempts.append(attempt);
    Q_EMIT attemptFinished(attempt);
}

void CorrectionLoop::askModel()
{
    if (m_run->relink) {
        linkAgain();
        return;
    }
    beginAttempt(AttemptOrigin::Llm);
    ++m_run->modelRounds;
    m_run->current.linkedTables = m_run->schema.linked;
    PromptInput input;
    input.engine = m_catalog.sqlDialect();
    input.question = m_run->outcome.question;
    input.schemaText = m_run->schema.text;
    input.examples = m_run->examples;
    input.history = m_run->outcome.attempts;
    input.triedSql = m_run->triedSql;
    if (m_policy.sampleValues)
        input.samples = m_run->samples;
    input.sampleValues = m_policy.sampleValues;
    input.conversation = m_run->followUp.earlier;
    input.conversationTokenBudget = m_policy.conversationTokenBudget;
    ChatRequest request = m_prompts.build(input);
    request.stream = m_policy.stream;

    const qint64 start = m_run->clock.elapsed();
    const int estimate = TokenEstimate::forMessages(request.messages);
    LlmCall *call = m_provider->start(request, this);
    m_run->call = call;
    const int attempt = m_run->current.index;
    connect(call, &LlmCall::textDelta, this,
            [this, attempt](const QString &delta) { Q_EMIT textStreamed(attempt, delta); });
    const quint64 token = m_token;
    connect(call, &LlmCall::finished, this,
            [this, call, token, start, estimate](const ChatResult &result) {
                call->deleteLater();
                if (token != m_token || !m_run)
                    return;
                m_run->call = nullptr;
                LoopAttempt &current = m_run->current;
                if (result) {
                    const TokenUsage &usage = result->usage;
                    current.promptTokens = usage.known ? usage.prompt : estimate;
                    current.completionTokens =
                            usage.known ? usage.completion : TokenEstimate::forText(result->text);
                }
                addSpan(u"generate"_s, start,
                        result ? u"ok"_s : LlmError::kindName(result.error().kind),
                        current.promptTokens + current.completionTokens);
                onReply(result);
            });
}

void CorrectionLoop::onReply(const ChatResult &result)
{
    LoopAttempt &attempt = m_run->current;
    if (!result) {
        attempt.outcome = result.error().kind == LlmError::Kind::Cancelled
                ? AttemptOutcome::Cancelled
                : AttemptOutcome::Error;
        attempt.reason = tr("The model could not answer: %1").arg(result.error().message);
        LoopEvent event;
        event.outcome = attempt.outcome;
        event.modelFailed = attempt.outcome != AttemptOutcome::Cancelled;
        event.rootCause = attempt.reason;
        proceed(event);
        return;
    }
    ++m_run->outcome.llmCalls;
    attempt.replyText = result->text;
    attempt.finishReason = result->finishReason;
    const qint64 start = m_run->clock.elapsed();
    const Result<ExtractedSql> extracted = ReplyParser::extract(result->text);
    if (result->isTruncated()) {
        // Cut off by the token limit: whatever SQL it holds is a fragment, and is never run.
        addSpan(u"parse"_s, start, u"truncated"_s);
        attempt.truncated = true;
        attempt.outcome = AttemptOutcome::Error;
        attempt.sql = extracted ? extracted->sql : QString();
        const bool reasoningOnly = !ReplyParser::stripReasoning(result->text).trimmed().size()
                && !result->text.trimmed().isEmpty();
        attempt.reason = reasoningOnly
                ? tr("The reply was cut off by the model's token limit (finish reason \"%1\") "
                     "while the model was still reasoning; it holds no SQL, and nothing was run.")
                          .arg(result->finishReason)
                : tr("The reply was cut off by the model's token limit (finish reason \"%1\"); "
                     "the statement it holds may be incomplete, so it was not run.")
                          .arg(result->finishReason);
        attempt.advice = tr("Your reply was cut off by the token limit. Answer shortly: only the "
                            "SQL statement in a ```sql fence, without explanation or reasoning.");
        LoopEvent event;
        event.truncated = true;
        event.rootCause = attempt.reason;
        proceed(event);
        return;
    }
    if (!extracted) {
        addSpan(u"parse"_s, start, u"no_sql"_s);
        attempt.outcome = AttemptOutcome::Error;
        attempt.reason = tr("The reply held no SQL statement: %1").arg(extracted.error().message);
        attempt.advice = tr("Answer with exactly one SQL statement in a ```sql fence.");
        LoopEvent event;
        event.rootCause = attempt.reason;
        proceed(event);
        return;
    }
    addSpan(u"parse"_s, start, u"ok"_s);
    attempt.sql = extracted->sql;
    Q_EMIT sqlReady(attempt.index, attempt.sql);
    if (m_run->tried.contains(normalizedSql(attempt.sql))) {
        // The model stands by a statement whose only fault was an empty result: no rows is then
        // the answer (it is still never saved as a good case).
        const QString normalized = normalizedSql(attempt.sql);
        for (const LoopAttempt &earlier : std::as_const(m_run->outcome.attempts)) {
            if (earlier.outcome == AttemptOutcome::Empty
                && normalizedSql(earlier.sql) == normalized) {
                attempt.outcome = AttemptOutcome::Empty;
                attempt.columns = earlier.columns;
                attempt.reason = tr("The model gave the same statement again; its empty result is "
                                    "the answer.");
                m_run->outcome.finalSql = attempt.sql;
                m_run->outcome.columns = earlier.columns;
                m_run->outcome.rowCount = 0;
                m_run->outcome.rowStatus = RowCountStatus::Complete;
                m_run->outcome.rows.clear();
                endAttempt();
                finish(QuestionStatus::Ok, {});
                return;
            }
        }
        attempt.outcome = AttemptOutcome::Error;
        attempt.reason = tr("This statement was already tried for this question; it was not run "
                            "again.");
        attempt.advice = tr("Write a different statement that follows the earlier advice.");
        LoopEvent event;
        event.rootCause = attempt.reason;
        proceed(event);
        return;
    }
    if (const QString excluded = excludedTableIn(attempt.sql); !excluded.isEmpty()) {
        attempt.outcome = AttemptOutcome::Error;
        attempt.reason = tr("The statement reads the table %1, which is excluded from this "
                            "datasource's prompts; it was not run.")
                                 .arg(excluded);
        attempt.advice = tr("Do not use the table %1: it is excluded. Answer from the tables of "
                            "the schema given.")
                                 .arg(excluded);
        LoopEvent event;
        event.rootCause = attempt.reason;
        proceed(event);
        return;
    }
    execute(attempt.sql);
}

void CorrectionLoop::execute(const QString &sql)
{
    m_run->tried.insert(normalizedSql(sql));
    m_run->triedSql.append(sql);
    RunOptions options;
    options.timeoutMs = m_policy.statementTimeoutMs;
    options.maxRows = m_policy.maxRows;
    options.schema = m_run->names ? m_run->names : m_catalog.names;
    options.diagnose.decapsulate = m_policy.decapsulate;
    // A repair changed what the model wrote: its result must be free of doubt to stand.
    options.checkAnswer = m_run->current.origin == AttemptOrigin::Autofix ? m_run->checkAnswer
                                                                          : AnswerChecks::None;
    const RunTicket ticket = m_executor->run(sql, options);
    m_run->generation = ticket.generation;
    m_run->executing = true;
    const qint64 start = m_run->clock.elapsed();
    whenDone(ticket.result, [this, start](const RunResult &result) {
        m_run->executing = false;
        addSpan(u"execute"_s, start, runOutcomeName(result.outcome));
        onExecuted(result);
    });
}

void CorrectionLoop::onExecuted(const RunResult &result)
{
    LoopAttempt &attempt = m_run->current;
    attempt.outcome = attemptOutcome(result);
    attempt.columns = result.columns;
    attempt.rowCount = result.rowCount;
    Q_EMIT executed(attempt.index, attempt.outcome, result.rowCount, result.columns);
    QuestionOutcome &outcome = m_run->outcome;
    outcome.finalSql = attempt.sql;

    LoopEvent event;
    event.outcome = attempt.outcome;
    if (attempt.outcome == AttemptOutcome::Doubtful) {
        attempt.reason = AnswerCheck::reason(result.doubt);
        attempt.advice = AnswerCheck::advice(result.doubt);
        event.rootCause = attempt.reason;
        proceed(event);
        return;
    }
    if (result.outcome == RunOutcome::Ok) {
        if (result.rowCount == 0 && m_policy.emptyResultRetry && !m_run->emptyRoundGranted) {
            attempt.reason = tr("The statement returned no rows.");
            attempt.advice =
                    tr("The statement ran but returned no rows. Check the filters and literal "
                       "values: the spelling and letter case of strings, date formats and ranges, "
                       "and join conditions. Loosen a filter that may match nothing; do not guess "
                       "values.");
        } else {
            outcome.columns = result.columns;
            outcome.rowCount = result.rowCount;
            outcome.rowStatus = result.rowStatus;
            outcome.rows = result.rows.mid(0, qMax(0, m_policy.keepRows));
        }
        proceed(event);
        return;
    }
    if (result.outcome == RunOutcome::Cancelled) {
        proceed(event);
        return;
    }
    if (result.diagnosis) {
        attempt.diagnosis = result.diagnosis;
        const qint64 start = m_run->clock.elapsed();
        addSpan(u"diagnose"_s, start, errorClassName(result.diagnosis->errorClass()));
        Q_EMIT diagnosed(attempt.index, *result.diagnosis);
        event.errorClass = result.diagnosis->errorClass();
        event.terminal = result.diagnosis->isTerminal();
        event.rootCause = result.diagnosis->error.rootCause;
        event.advice = result.diagnosis->advice.text();
        noteSchemaGap(attempt);
    } else {
        attempt.reason = tr("The statement ended: %1").arg(runOutcomeName(result.outcome));
        event.rootCause = attempt.reason;
    }
    if (m_run->cachedFrom && m_store)
        m_store->forgetFix(*m_run->cachedFrom); // it stopped working; nothing waits for it
    m_run->cachedFrom.reset();
    proceed(event);
}

bool CorrectionLoop::lookupCachedFix()
{
    const LoopAttempt &failed = m_run->outcome.attempts.constLast();
    if (!m_store || !failed.diagnosis || failed.sql.isEmpty())
        return false;
    const FixKey key{failed.sql, failed.errorClassName(), failed.diagnosis->error.rootCause,
                     datasource()};
    const qint64 start = m_run->clock.elapsed();
    whenStored(m_store->lookupFix(key),
               [this, key, start](const Result<std::optional<CachedFix>> &hit) {
                   if (!hit || !hit.value()
                       || m_run->tried.contains(normalizedSql(hit.value()->fixedSql))
                       || !excludedTableIn(hit.value()->fixedSql).isEmpty()) {
                       proceed(recoveryEvent(LoopEvent::Stage::CacheMissed));
                       return;
                   }
                   beginAttempt(AttemptOrigin::Cache);
                   addSpan(u"cache"_s, start, u"hit"_s);
                   m_run->current.sql = hit.value()->fixedSql;
                   m_run->cachedFrom = key;
                   Q_EMIT sqlReady(m_run->current.index, m_run->current.sql);
                   execute(m_run->current.sql);
               });
    return true;
}

bool CorrectionLoop::tryRepair()
{
    const LoopAttempt &failed = m_run->outcome.attempts.constLast();
    if (!failed.diagnosis || failed.sql.isEmpty())
        return false;
    const qint64 start = m_run->clock.elapsed();
    // The names without the excluded tables: no repair picks one, and one that would still
    // read an excluded table counts as tried.
    const RepairInput input(failed.sql, failed.diagnosis->sqlDialect(), *failed.diagnosis,
                            m_run->names.get());
    const std::optional<Repair> repair = Repairs::next(input, [this](const QString &sql) {
        return m_run->tried.contains(normalizedSql(sql)) || !excludedTableIn(sql).isEmpty();
    });
    if (!repair)
        return false;
    beginAttempt(AttemptOrigin::Autofix);
    m_run->current.repair = repair->step;
    m_run->checkAnswer = repair->checkAnswer;
    addSpan(u"autofix:"_s + repair->step, start, u"ok"_s);
    m_run->current.sql = repair->sql;
    Q_EMIT sqlReady(m_run->current.index, m_run->current.sql);
    execute(m_run->current.sql);
    return true;
}

void CorrectionLoop::stop(QuestionStatus status, const QString &reason)
{
    if (!m_run)
        return;
    if (m_run->call) {
        LlmCall *call = m_run->call;
        m_run->call = nullptr;
        ++m_token; // the call's finished(Cancelled) is ours, not a reply
        call->cancel();
        call->deleteLater();
    }
    if (m_run->executing && m_executor)
        m_executor->cancel(m_run->generation);
    m_run->executing = false;
    if (m_run->attemptOpen) {
        m_run->current.outcome = status == QuestionStatus::Timeout ? AttemptOutcome::Timeout
                                                                   : AttemptOutcome::Cancelled;
        if (m_run->current.reason.isEmpty())
            m_run->current.reason = reason;
        endAttempt();
    }
    finish(status, reason);
}

void CorrectionLoop::cancel()
{
    stop(QuestionStatus::Cancelled, tr("The question was cancelled."));
}

void CorrectionLoop::finish(QuestionStatus status, const QString &reason)
{
    if (!m_run)
        return;
    ++m_token;
    std::unique_ptr<Run> run = std::move(m_run);
    if (run->deadline)
        run->deadline->deleteLater();
    QuestionOutcome outcome = std::move(run->outcome);
    outcome.status = status;
    outcome.reason = reason;
    outcome.totalMs = run->clock.elapsed();
    if (outcome.finalSql.isEmpty() && !run->triedSql.isEmpty())
        outcome.finalSql = run->triedSql.constLast();

    if (m_store)
        save(outcome, run->followUp);
    Q_EMIT finished(outcome);
}

// Fire and forget: the store runs the writes in order on its thread; finished() does not wait.
void CorrectionLoop::save(const QuestionOutcome &outcome, const FollowUp &followUp)
{
    const QString source = datasource();
    // Cases and history name the SQL they hold: over ODBC, the backend's.
    const QString dialect = engineName(m_catalog.sqlDialect());
    const QuestionStatus status = outcome.status;
    QStringList context;
    for (const ConversationTurn &turn : followUp.earlier)
        context.append(turn.question);
    if (status == QuestionStatus::Ok && outcome.rowCount > 0) {
        GoodCaseCandidate candidate;
        candidate.question = outcome.question;
        candidate.sql = outcome.finalSql;
        candidate.datasource = source;
        candidate.dialect = dialect;
        candidate.succeeded = true;
        candidate.columns = outcome.columns;
        candidate.rowCount = outcome.rowCount;
        if (context.isEmpty()) {
            m_store->saveAutoGoodCase(candidate);
        } else {
            // A follow-up's case keeps the questions it answered after, so that it stays
            // meaningful as an example.
            m_store->submit<qint64>(
                    [candidate, context](CaseStore &store) -> Result<qint64> {
                        Result<qint64> saved = store.saveAutoGoodCase(candidate);
                        if (saved)
                            ConversationStore(store).setCaseContext(saved.value(), context);
                        return saved;
                    },
                    true);
        }
        for (const LoopAttempt &attempt : outcome.attempts) {
            if (attempt.diagnosis && !attempt.sql.isEmpty() && attempt.sql != outcome.finalSql)
                m_store->recordFix({attempt.sql, attempt.errorClassName(),
                                    attempt.diagnosis->error.rootCause, source},
                                   outcome.finalSql);
        }
    } else if ((status == QuestionStatus::Failed || status == QuestionStatus::Terminal
                || status == QuestionStatus::Timeout)
               && !outcome.finalSql.trimmed().isEmpty()
               && (outcome.attempts.isEmpty()
                   || outcome.attempts.constLast().errorClassName()
                           != errorClassName(ErrorClass::Connection))) {
        // A failure without SQL (the model unreachable, a quota, a reply with no statement), or
        // one where the connection went, is history, not a bad case: no SQL was at fault.
        CaseRecord bad;
        bad.kind = CaseKind::Bad;
        bad.question = outcome.question;
        bad.sql = outcome.finalSql;
        bad.datasource = source;
        bad.dialect = dialect;
        for (auto it = outcome.attempts.crbegin(); it != outcome.attempts.crend(); ++it) {
            if (it->diagnosis || !it->reason.isEmpty()) {
                bad.errorClass = it->errorClassName();
                bad.rootCause = it->rootCause();
                break;
            }
        }
        bad.attempts = int(outcome.attempts.size());
        m_store->addCase(bad);
    }
    // Not guarded by the question's token: the question has ended, the answer still matters.
    if (followUp.conversation.isEmpty()) {
        onFinished(m_store->saveHistory(outcome.toTrace(source, dialect)), this,
                   [this](const QFuture<Result<qint64>> &done) {
                       const std::optional<Result<qint64>> saved = resultOf(done);
                       if (saved && *saved)
                           Q_EMIT historySaved(saved->value());
                   });
        return;
    }
    // The history and the turn in one job: the turn names the question it stored.
    struct Saved
    {
        Result<qint64> history;
        Result<StoredTurn> turn;
    };
    ConversationTurn turn;
    turn.question = outcome.question;
    turn.status = outcome.status;
    turn.finalSql = outcome.finalSql;
    turn.columns = outcome.columns;
    turn.asked = outcome.started;
    std::function<Result<Saved>(CaseStore &)> job =
            [trace = outcome.toTrace(source, dialect), turn, name = followUp.conversation,
             source](CaseStore &store) mutable -> Result<Saved> {
        Saved saved{store.saveHistory(trace), makeFailure(QString())};
        turn.historyId = saved.history ? saved.history.value() : 0;
        saved.turn = ConversationStore(store).appendTurn(name, source, turn);
        return saved;
    };
    onFinished(m_store->submit(std::move(job), true), this,
               [this, name = followUp.conversation](const QFuture<Result<Saved>> &done) {
                   const std::optional<Result<Saved>> saved = resultOf(done);
                   if (!saved || !*saved) {
                       Q_EMIT turnNotSaved(name,
                                           saved ? saved->error().message
                                                 : tr("The case store did not answer."));
                       return;
                   }
                   if (saved->value().history)
                       Q_EMIT historySaved(saved->value().history.value());
                   if (saved->value().turn)
                       Q_EMIT turnSaved(saved->value().turn.value());
                   else
                       Q_EMIT turnNotSaved(name, saved->value().turn.error().message);
               });
}

} // namespace sqlmend::core
