#include "core/loop/loopdecision.h"

#include <QTest>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(sqlmend::core::LoopState)
Q_DECLARE_METATYPE(sqlmend::core::LoopEvent)

// The loop's decisions without threads, servers or models: one row per situation.
class tst_LoopDecision : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decides_data();
    void decides();
    void attemptCapStopsChains();
};

namespace {

using Action = LoopDecision::Action;
using Note = LoopDecision::Note;
using Stage = LoopEvent::Stage;

LoopState state(int attempts, int rounds)
{
    LoopState s;
    s.attempts = attempts;
    s.modelRounds = rounds;
    s.hasStore = true;
    s.hasCatalog = true;
    return s;
}

LoopEvent failed(std::optional<ErrorClass> errorClass, Stage stage = Stage::AttemptEnded)
{
    LoopEvent e;
    e.stage = stage;
    e.outcome = AttemptOutcome::Error;
    e.errorClass = errorClass;
    e.terminal = errorClass && isTerminal(*errorClass);
    e.rootCause = u"no such column: x"_s;
    e.advice = u"advice"_s;
    return e;
}

LoopEvent ended(AttemptOutcome outcome)
{
    LoopEvent e;
    e.outcome = outcome;
    return e;
}

} // namespace

void tst_LoopDecision::decides_data()
{
    QTest::addColumn<int>("maxCorrections");
    QTest::addColumn<LoopState>("loop");
    QTest::addColumn<LoopEvent>("event");
    QTest::addColumn<int>("action");
    QTest::addColumn<int>("status"); // for Finish
    QTest::addColumn<int>("note");
    QTest::addColumn<QString>("reasonHas");

    const auto row = [](const char *name) -> QTestData & { return QTest::newRow(name); };
    const int none = int(Note::None);
    const int ok = int(QuestionStatus::Ok);
    const int failedStatus = int(QuestionStatus::Failed);
    const int terminal = int(QuestionStatus::Terminal);
    const int unused = -1;

    row("rows answer") << 2 << state(1, 1) << ended(AttemptOutcome::Ok) << int(Action::Finish) << ok
                       << none << QString();
    row("first empty result gets a round") << 2 << state(1, 1) << ended(AttemptOutcome::Empty)
                                           << int(Action::AskModel) << unused << none << QString();
    LoopState granted = state(2, 2);
    granted.emptyRoundGranted = true;
    row("second empty result is the answer") << 2 << granted << ended(AttemptOutcome::Empty)
                                             << int(Action::Finish) << ok << none << QString();
    row("column error looks up the fix cache first")
            << 2 << state(1, 1) << failed(ErrorClass::ColumnMissing) << int(Action::LookUpFix)
            << unused << none << QString();
    row("cache missed: repairs next")
            << 2 << state(1, 1) << failed(ErrorClass::ColumnMissing, Stage::CacheMissed)
            << int(Action::Repair) << unused << none << QString();
    row("no repair: the model") << 2 << state(1, 1)
                                << failed(ErrorClass::ColumnMissing, Stage::NoRepair)
                                << int(Action::AskModel) << unused << none << QString();
    row("no repair and no rounds left")
            << 2 << state(3, 3) << failed(ErrorClass::ColumnMissing, Stage::NoRepair)
            << int(Action::Finish) << failedStatus << none << u"no such column: x"_s;
    row("max corrections 0: repairs still run")
            << 0 << state(1, 1) << failed(ErrorClass::Syntax, Stage::CacheMissed)
            << int(Action::Repair) << unused << none << QString();
    LoopState noStore = state(1, 1);
    noStore.hasStore = false;
    row("no store: straight to repairs") << 2 << noStore << failed(ErrorClass::AmbiguousColumn)
                                         << int(Action::Repair) << unused << none << QString();
    row("text that is not SQL is a syntax failure, never terminal")
            << 2 << noStore << failed(ErrorClass::Syntax) << int(Action::Repair) << unused << none
            << QString();
    row("write attempt is terminal")
            << 2 << state(1, 1) << failed(ErrorClass::ReadOnlyViolation) << int(Action::Finish)
            << terminal << none << u"read_only_violation"_s;
    row("permission is terminal") << 2 << state(1, 1) << failed(ErrorClass::Permission)
                                  << int(Action::Finish) << terminal << none << u"permission"_s;
    row("timeout narrows once") << 2 << state(1, 1) << failed(ErrorClass::Timeout)
                                << int(Action::AskModel) << unused << int(Note::Narrow)
                                << QString();
    LoopState narrowed = state(2, 2);
    narrowed.narrowed = true;
    row("timeout again stops") << 2 << narrowed << failed(ErrorClass::Timeout)
                               << int(Action::Finish) << failedStatus << none << u"timeout"_s;
    row("connection is the transport's")
            << 2 << state(1, 1) << failed(ErrorClass::Connection) << int(Action::Finish)
            << failedStatus << none << u"closed or lost"_s;
    LoopEvent noSql = failed(std::nullopt);
    noSql.rootCause = u"The reply held no SQL statement"_s;
    row("reply without SQL: the model again, nothing to repair")
            << 2 << state(1, 1) << noSql << int(Action::AskModel) << unused << none << QString();
    row("reply without SQL, no rounds left") << 0 << state(1, 1) << noSql << int(Action::Finish)
                                             << failedStatus << none << u"no SQL statement"_s;
    LoopEvent truncated;
    truncated.truncated = true;
    truncated.rootCause = u"The reply was cut off by the model's token limit"_s;
    row("truncated reply: asked once more, shortly")
            << 2 << state(1, 1) << truncated << int(Action::AskModel) << unused
            << int(Note::AnswerShortly) << QString();
    LoopState retried = state(2, 2);
    retried.truncationRetried = true;
    row("truncated again: stop") << 2 << retried << truncated << int(Action::Finish) << failedStatus
                                 << none << u"cut off"_s;
    row("truncated with no rounds left: stop")
            << 0 << state(1, 1) << truncated << int(Action::Finish) << failedStatus << none
            << u"token limit"_s;
    LoopEvent modelFailed;
    modelFailed.modelFailed = true;
    modelFailed.rootCause = u"The model could not answer: 404"_s;
    row("model unreachable") << 2 << state(1, 1) << modelFailed << int(Action::Finish)
                             << failedStatus << none << u"404"_s;
    LoopEvent doubtful = ended(AttemptOutcome::Doubtful);
    doubtful.rootCause = u"The repaired statement returned the same row more than once."_s;
    row("a repair's result in doubt: the model, not the answer")
            << 2 << state(2, 1) << doubtful << int(Action::AskModel) << unused << none << QString();
    row("a repair's result in doubt with no rounds left: no answer")
            << 0 << state(2, 1) << doubtful << int(Action::Finish) << failedStatus << none
            << u"same row more than once"_s;
    row("cancelled") << 2 << state(1, 1) << ended(AttemptOutcome::Cancelled) << int(Action::Finish)
                     << int(QuestionStatus::Cancelled) << none << u"cancelled"_s;
}

void tst_LoopDecision::decides()
{
    QFETCH(int, maxCorrections);
    QFETCH(LoopState, loop);
    QFETCH(LoopEvent, event);
    QFETCH(int, action);
    QFETCH(int, status);
    QFETCH(int, note);
    QFETCH(QString, reasonHas);
    LoopPolicy policy;
    policy.maxCorrections = maxCorrections;
    const LoopDecision decision = LoopDecisions::decide(policy, loop, event);
    QCOMPARE(int(decision.action), action);
    if (decision.action == Action::Finish)
        QCOMPARE(int(decision.status), status);
    QCOMPARE(int(decision.note), note);
    QVERIFY2(decision.reason.contains(reasonHas, Qt::CaseInsensitive), qPrintable(decision.reason));
}

void tst_LoopDecision::attemptCapStopsChains()
{
    LoopPolicy policy;
    policy.maxCorrections = 2;
    LoopState loop = state(LoopDecisions::attemptCap(policy), 1);
    // At the cap, neither the cache nor another repair: the model, while rounds are left.
    const LoopDecision decision =
            LoopDecisions::decide(policy, loop, failed(ErrorClass::ColumnMissing));
    QCOMPARE(decision.action, Action::AskModel);
    policy.autofix = false;
    loop.attempts = 1;
    QCOMPARE(LoopDecisions::decide(policy, loop,
                                   failed(ErrorClass::ColumnMissing, Stage::CacheMissed))
                     .action,
             Action::AskModel);
}

QTEST_GUILESS_MAIN(tst_LoopDecision)
#include "tst_loopdecision.moc"
