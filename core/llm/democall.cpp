#include "core/llm/democall.h"

#include "core/llm/tokenestimate.h"

namespace sqlmend::core {

DemoCall::DemoCall(ChatReply reply, const QList<ChatMessage> &prompt, int pieceDelayMs,
                   QObject *parent)
    : LlmCall(parent), m_reply(std::move(reply))
{
    // Recorded answers have no real usage; these are labelled estimates (known = false).
    m_reply.usage.prompt = TokenEstimate::forMessages(prompt);
    m_reply.usage.completion = TokenEstimate::forText(m_reply.text);
    m_reply.usage.total = m_reply.usage.prompt + m_reply.usage.completion;
    m_reply.usage.known = false;
    m_timer.setInterval(qMax(0, pieceDelayMs));
    connect(&m_timer, &QTimer::timeout, this, &DemoCall::step);
    m_timer.start();
}

DemoCall::DemoCall(LlmError error, QObject *parent) : LlmCall(parent), m_error(std::move(error))
{
    m_timer.setInterval(0);
    connect(&m_timer, &QTimer::timeout, this, &DemoCall::step);
    m_timer.start();
}

void DemoCall::abortWork()
{
    m_timer.stop();
}

void DemoCall::step()
{
    if (isFinished()) {
        m_timer.stop();
        return;
    }
    if (m_error) {
        m_timer.stop();
        finish(makeUnexpected(*m_error));
        return;
    }
    if (m_position < m_reply.text.size()) {
        qsizetype length = qMin(PieceChars, m_reply.text.size() - m_position);
        // Never split a surrogate pair between two pieces.
        if (m_position + length < m_reply.text.size()
            && m_reply.text.at(m_position + length - 1).isHighSurrogate())
            ++length;
        const QString piece = m_reply.text.mid(m_position, length);
        m_position += length;
        emitDelta(piece);
        return;
    }
    m_timer.stop();
    finish(m_reply);
}

} // namespace sqlmend::core
