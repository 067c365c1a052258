#pragma once

#include "core/llm/providersettings.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMetaType>
#include <QObject>
#include <QPointer>
#include <QString>

namespace sqlmend::core {

class LlmCall;

// What one tiny request to a model showed: whether it answered, which model answered (as the
// server names it), how long the first piece and the whole answer took, whether the answer came
// in several streamed pieces, and whether the server counted the tokens.
struct ModelProbeResult
{
    Q_DECLARE_TR_FUNCTIONS(sqlmend::core::ModelProbeResult)

public:
    bool ok = false;
    QString error; // for people, when not ok
    QString model; // as the server names it
    qint64 firstPieceMs = -1;
    qint64 totalMs = 0;
    int pieces = 0; // streamed text deltas
    bool streamed = false;
    bool usageReported = false;
    int promptTokens = 0;
    int completionTokens = 0;
    QString reply;

    // One paragraph for the settings dialog.
    QString summary() const;
};

// Sends one tiny request through a provider built from settings, and reports what it showed.
// Asynchronous like every model call: start() returns at once, finished() comes later, exactly
// once (also after cancel()).
class ModelProbe : public QObject
{
    Q_OBJECT

public:
    // The request asks for a handful of tokens, so that streaming shows in several pieces.
    static constexpr int maxTokens = 24;

    explicit ModelProbe(QObject *parent = nullptr);
    ~ModelProbe() override;

    // False (and finished() with the reason) when the settings cannot make a provider.
    bool start(const ProviderSettings &settings);
    void cancel();
    bool isRunning() const;

Q_SIGNALS:
    void finished(const sqlmend::core::ModelProbeResult &result);

private:
    QPointer<LlmCall> m_call;
    QElapsedTimer m_clock;
    ModelProbeResult m_result;
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::ModelProbeResult)
