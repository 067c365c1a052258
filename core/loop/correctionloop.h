#pragma once

#include "core/cases/conversationstore.h"
#include "core/errors/diagnosis.h"
#include "core/errors/schemanames.h"
#include "core/exec/runresult.h"
#include "core/llm/llmerror.h"
#include "core/loop/loopdecision.h"
#include "core/loop/looppolicy.h"
#include "core/loop/promptbuilder.h"
#include "core/loop/questionoutcome.h"
#include "core/schema/catalogsnapshot.h"
#include "core/schema/noteindex.h"
#include "core/schema/schemalinker.h"

#include <QFuture>
#include <QObject>
#include <QPointer>

#include <memory>

namespace sqlmend::core {

class CaseStoreService;
class Executor;
class LiveCatalog;
class LlmCall;
class LlmProvider;

// What the loop knows about a connection's schema, from the catalog cache on the executor's
// worker: checked against the schema's fingerprint at the start of every question, read again
// when it changed, forgotten by refreshCatalog().
struct LoopCatalog
{
    bool loaded = false;
    Engine engine = Engine::Unknown;
    // The engine whose SQL the model writes, where it is not `engine`: the database behind ODBC.
    Engine dialect = Engine::Unknown;
    std::shared_ptr<const CatalogSnapshot> snapshot;
    std::shared_ptr<const SchemaNames> names;
    std::shared_ptr<LiveCatalog> live; // where names came from: the one the diagnoses read
    std::shared_ptr<SchemaLinker> linker;
    QString failure; // why the catalog could not be read (the loop still runs without it)

    // The engine whose SQL the statements are written in: the dialect, else the engine.
    Engine sqlDialect() const { return dialect != Engine::Unknown ? dialect : engine; }
};

// The conversation a question follows up on.
struct FollowUp
{
    QString conversation;            // the name its turn is stored under; empty: not stored
    QList<ConversationTurn> earlier; // the turns before it, oldest first
};

// The correction loop (DESIGN.md, "The loop"): link schema, generate, parse, guard, dry-run,
// execute, verify; on an error or an empty result: diagnose, then a cached fix, an autofix or
// another model round with the whole history. SQL runs only through the Executor (its worker
// thread owns the connection); the model call lives on this object's thread. Nothing here blocks:
// every step continues from a signal or a finished future.
class CorrectionLoop : public QObject
{
    Q_OBJECT

public:
    CorrectionLoop(Executor *executor, std::shared_ptr<const LlmProvider> provider,
                   QObject *parent = nullptr);
    ~CorrectionLoop() override;

    const LoopPolicy &policy() const { return m_policy; }
    void setPolicy(const LoopPolicy &policy) { m_policy = policy; }
    // Optional, shared with other loops and views: similar good cases and the fix cache are read
    // from it without waiting (the store runs on its own thread); at the end the good or bad case,
    // the fixes and the history are written to it without waiting either.
    void setCaseStore(std::shared_ptr<CaseStoreService> store) { m_store = std::move(store); }
    const std::shared_ptr<CaseStoreService> &caseStore() const { return m_store; }
    void setPromptBuilder(const PromptBuilder &builder) { m_prompts = builder; }
    // The next question reads the catalog again and rebuilds the schema index.
    void refreshCatalog() { m_catalog = {}; }

    bool isRunning() const { return m_run != nullptr; }
    // Starts answering; false when a question is still running or the question is empty. A
    // follow-up's prompt carries the earlier turns' questions, final SQL and columns (never
    // their rows), within LoopPolicy::conversationTokenBudget; with a case store and a
    // conversation name, the question is stored as that conversation's next turn.
    bool ask(const QString &question, const FollowUp &followUp = {});
    // The same, with the model's first attempt already given (a recorded prediction): it runs as
    // the first model round, and the loop goes on from its outcome.
    bool askFromAttempt(const QString &question, const QString &firstSql);
    // Any moment: aborts the model call and cancels the database's run; finished(cancelled).
    void cancel();

Q_SIGNALS:
    void questionStarted(const QString &question);
    void attemptStarted(int attempt, sqlmend::core::AttemptOrigin origin);
    void textStreamed(int attempt, const QString &delta);
    void sqlReady(int attempt, const QString &sql);
    void executed(int attempt, sqlmend::core::AttemptOutcome outcome, qint64 rowCount,
                  const QStringList &columns);
    void diagnosed(int attempt, const sqlmend::core::Diagnosis &diagnosis);
    void attemptFinished(const sqlmend::core::LoopAttempt &attempt);
    void finished(const sqlmend::core::QuestionOutcome &outcome);
    // After finished(), once the case store has stored the question's trace under id.
    void historySaved(qint64 id);
    // After finished(), once the store has the question as a turn of FollowUp::conversation
    // (turn.index is 0-based), or could not store it.
    void turnSaved(const sqlmend::core::StoredTurn &turn);
    void turnNotSaved(const QString &conversation, const QString &reason);

private:
    struct Run;

    template<typename T, typename Handler>
    void whenDone(const QFuture<T> &future, Handler handler);
    // Like whenDone() for the case store's answers: a store that fails or goes away hands the
    // handler a Failure, and the question goes on without it.
    template<typename T, typename Handler>
    void whenStored(const QFuture<Result<T>> &future, Handler handler);

    void prepareCatalog();
    void loadNotes();
    void prepareQuestion();
    void applyTableMarks(const ContextSettings &stored);
    void findExamples();
    LinkOptions linkOptions() const;
    QString excludedTableIn(const QString &sql) const;
    void noteSchemaGap(LoopAttempt &attempt);
    void linkSchema();
    void linkAgain();
    void askModel();
    void onReply(const ChatResult &result);
    void beginAttempt(AttemptOrigin origin);
    void execute(const QString &sql);
    void onExecuted(const RunResult &result);
    void startFirstAttempt();
    LoopState state() const;
    void proceed(const LoopEvent &event);
    LoopEvent recoveryEvent(LoopEvent::Stage stage) const;
    bool lookupCachedFix();
    bool tryRepair();
    void endAttempt();
    void addSpan(const QString &name, qint64 startMs, const QString &outcome, qint64 tokens = 0);
    void finish(QuestionStatus status, const QString &reason);
    void save(const QuestionOutcome &outcome, const FollowUp &followUp);
    QString datasource() const;
    void stop(QuestionStatus status, const QString &reason);

    QPointer<Executor> m_executor;
    std::shared_ptr<const LlmProvider> m_provider;
    std::shared_ptr<CaseStoreService> m_store;
    LoopPolicy m_policy;
    PromptBuilder m_prompts;
    LoopCatalog m_catalog;
    std::shared_ptr<const NoteIndex> m_notes; // the datasource's business notes, indexed
    std::unique_ptr<Run> m_run;
    quint64 m_token = 0; // drops the continuations of a question that ended
};

} // namespace sqlmend::core
