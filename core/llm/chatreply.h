#pragma once

#include <QMetaType>
#include <QString>

namespace sqlmend::core {

struct TokenUsage
{
    int prompt = 0;
    int completion = 0;
    int total = 0;
    // True when the server reported the counts; false when they are our estimate.
    bool known = false;
};

struct ChatReply
{
    QString text;
    TokenUsage usage;
    QString finishReason;     // as the server spells it: "stop", "length", "end_turn", ...
    QString model;            // the model that answered, as the server names it
    int transportRetries = 0; // network retries spent on this call (never correction rounds)
    bool recorded = false;    // replayed from a recording, not generated

    // The model stopped at its token limit (OpenAI "length", Anthropic "max_tokens", ...): the
    // text is cut off and must not be run as if it were complete.
    bool isTruncated() const
    {
        return finishReason == u"length" || finishReason == u"max_tokens"
                || finishReason == u"max_output_tokens" || finishReason == u"MAX_TOKENS";
    }
};

} // namespace sqlmend::core

Q_DECLARE_METATYPE(sqlmend::core::TokenUsage)
Q_DECLARE_METATYPE(sqlmend::core::ChatReply)
