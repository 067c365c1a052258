// bench_loop [questions]: the loop's own cost per attempt, with an instant in-process model on a
// SQLite demo shop: total time minus the model's and the database's time (their spans).

#include "core/demo/demodatabase.h"
#include "core/exec/executor.h"
#include "core/llm/llmcall.h"
#include "core/llm/llmprovider.h"
#include "core/loop/correctionloop.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

using namespace sqlmend::core;
using namespace Qt::StringLiterals;

namespace {

// Answers on the next turn of the event loop: a wrong column first, then the right one.
class InstantCall : public LlmCall
{
public:
    InstantCall(QString text, QObject *parent) : LlmCall(parent), m_text(std::move(text))
    {
        QTimer::singleShot(0, this, [this] {
            if (isFinished())
                return;
            emitDelta(m_text);
            ChatReply reply;
            reply.text = m_text;
            reply.usage = {100, 20, 120, true};
            finish(reply);
        });
    }

protected:
    void abortWork() override { }

private:
    QString m_text;
};

class InstantProvider : public LlmProvider
{
public:
    InstantProvider() { m_settings.model = u"instant"_s; }
    ProviderKind kind() const override { return ProviderKind::OpenAiCompatible; }
    QString displayName() const override { return u"instant"_s; }
    const ProviderSettings &settings() const override { return m_settings; }
    LlmCall *start(const ChatRequest &request, QObject *parent) const override
    {
        const bool retry = request.lastUserContent().contains(u"Earlier attempts"_s);
        return new InstantCall(retry ? u"```sql\nSELECT username, city FROM users\n```"_s
                                     : u"```sql\nSELECT user_name, city FROM users\n```"_s,
                               parent);
    }

private:
    ProviderSettings m_settings;
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int questions = argc > 1 ? qMax(1, QString::fromLocal8Bit(argv[1]).toInt()) : 50;
    QTemporaryDir dir;
    const auto path = DemoDatabase::ensure(dir.filePath(u"shop.db"_s));
    if (!path) {
        std::fprintf(stderr, "bench_loop: %s\n", qPrintable(path.error().message));
        return 1;
    }
    Executor executor(ConnectionProfile::fromUrl(u"sqlite:///"_s + path.value()).value());
    CorrectionLoop loop(&executor, std::make_shared<InstantProvider>());
    LoopPolicy policy;
    policy.autofix = false; // every question takes two model rounds
    loop.setPolicy(policy);

    qint64 attempts = 0;
    double totalMs = 0;
    qint64 modelMs = 0;
    qint64 databaseMs = 0;
    qint64 firstQuestionMs = 0;
    for (int i = 0; i < questions; ++i) {
        QEventLoop events;
        QuestionOutcome outcome;
        QObject::connect(&loop, &CorrectionLoop::finished, &events,
                         [&](const QuestionOutcome &result) {
                             outcome = result;
                             events.quit();
                         });
        QElapsedTimer clock;
        clock.start();
        loop.ask(u"Which city does each user live in?"_s);
        events.exec();
        const double ms = clock.nsecsElapsed() / 1e6;
        if (outcome.status != QuestionStatus::Ok) {
            std::fprintf(stderr, "bench_loop: question %d ended %s\n", i,
                         qPrintable(questionStatusName(outcome.status)));
            return 1;
        }
        if (i == 0) {
            firstQuestionMs = qint64(ms); // reads the catalog and builds the schema index
            continue;
        }
        totalMs += ms;
        for (const LoopAttempt &attempt : outcome.attempts) {
            ++attempts;
            for (const TraceSpan &span : attempt.spans) {
                if (span.name == u"generate"_s)
                    modelMs += span.endMs - span.startMs;
                else if (span.name == u"execute"_s)
                    databaseMs += span.endMs - span.startMs;
            }
        }
    }
    const double overhead = totalMs - double(modelMs) - double(databaseMs);
    std::printf("questions: %d (+1 warm-up that read the catalog: %lld ms)\n", questions - 1,
                firstQuestionMs);
    std::printf("attempts: %lld (an error, then a fix, per question)\n", attempts);
    std::printf("per attempt: total %.2f ms, model %.2f ms, database %.2f ms\n",
                totalMs / qMax<qint64>(1, attempts), double(modelMs) / qMax<qint64>(1, attempts),
                double(databaseMs) / qMax<qint64>(1, attempts));
    std::printf("loop overhead: %.2f ms per attempt (%.0f%% of the total)\n",
                overhead / qMax<qint64>(1, attempts), totalMs > 0 ? 100.0 * overhead / totalMs : 0);
    return 0;
}
