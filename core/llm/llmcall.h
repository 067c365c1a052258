#pragma once

#include "core/llm/llmerror.h"

#include <QObject>
#include <QString>

namespace sqlmend::core {

// One call to a model in flight. It lives on the thread that started it and never blocks.
// finished() is emitted exactly once, also after cancel(); after it nothing else is emitted.
class LlmCall : public QObject
{
    Q_OBJECT

public:
    explicit LlmCall(QObject *parent = nullptr);
    ~LlmCall() override;

    bool isFinished() const { return m_finished; }
    // Network retries spent so far on this call (not correction rounds).
    int transportRetries() const { return m_transportRetries; }
    // The text streamed so far.
    QString partialText() const { return m_text; }
    // The outcome once finished; a Cancelled error before that.
    ChatResult result() const;

public Q_SLOTS:
    // Aborts at any moment, mid-stream included; finished(Cancelled) follows synchronously.
    void cancel();

Q_SIGNALS:
    void textDelta(const QString &delta);
    void retrying(int attempt, int delayMs, const QString &reason);
    void finished(const sqlmend::core::ChatResult &result);

protected:
    // Subclasses stop their own work here; finishing is done by cancel().
    virtual void abortWork() = 0;

    void emitDelta(const QString &delta);
    void emitRetrying(int attempt, int delayMs, const QString &reason);
    void finish(ChatResult result);
    bool hasOutput() const { return !m_text.isEmpty(); }

private:
    QString m_text;
    int m_transportRetries = 0;
    bool m_finished = false;
    ChatResult m_result;
};

} // namespace sqlmend::core
