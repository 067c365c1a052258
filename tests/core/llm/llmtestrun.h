#pragma once

#include "core/llm/llmcall.h"
#include "core/llm/llmprovider.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <memory>

// Runs one call to the end and keeps everything it emitted; shared by the provider tests.
struct LlmTestRun
{
    sqlmend::core::ChatResult result = sqlmend::core::makeUnexpected(sqlmend::core::LlmError());
    QStringList deltas;
    QList<int> retryDelays;
    int finishedCount = 0;
    qint64 elapsedMs = 0;
    bool timedOut = false;

    QString text() const { return deltas.join(QString()); }

    static LlmTestRun run(const sqlmend::core::ProviderSettings &settings,
                          const sqlmend::core::ChatRequest &request, int timeoutMs = 30000)
    {
        using namespace sqlmend::core;
        LlmTestRun outcome;
        const Result<std::shared_ptr<LlmProvider>> provider = LlmProvider::create(settings);
        if (!provider) {
            outcome.result = makeUnexpected(
                    LlmError::make(LlmError::Kind::InvalidSettings, provider.error().message));
            return outcome;
        }
        QElapsedTimer clock;
        clock.start();
        std::unique_ptr<LlmCall> call((*provider)->start(request));
        QSignalSpy finished(call.get(), &LlmCall::finished);
        QObject::connect(call.get(), &LlmCall::textDelta, call.get(),
                         [&outcome](const QString &delta) { outcome.deltas.append(delta); });
        QObject::connect(call.get(), &LlmCall::retrying, call.get(),
                         [&outcome](int, int delayMs, const QString &) {
                             outcome.retryDelays.append(delayMs);
                         });
        outcome.timedOut = !finished.wait(timeoutMs);
        outcome.elapsedMs = clock.elapsed();
        QTest::qWait(30); // anything emitted after finished() would be counted now
        outcome.finishedCount = int(finished.size());
        outcome.result = call->result();
        return outcome;
    }
};
