#pragma once

#include "core/cases/conversationrecord.h"

#include <QList>

#include <functional>

namespace sqlmend::core {

// What of a conversation's earlier turns fits a follow-up's prompt.
struct FittedTurns
{
    struct Entry
    {
        ConversationTurn turn;
        bool summarised = false; // its question only, without its SQL and columns

        friend bool operator==(const Entry &, const Entry &) = default;
    };
    QList<Entry> entries; // oldest first
    int dropped = 0;      // the oldest turns, left out
    int tokens = 0;       // the entries' cost
};

// Bounds the conversation a follow-up carries: the newest turns go in whole (question, final SQL,
// columns); once one no longer fits, it and every older turn are summarised to their question;
// once a summary no longer fits, it and the older ones are dropped.
class TurnBudget
{
public:
    static constexpr int defaultTokens = 1500;

    // cost: the tokens a turn takes in the prompt, whole or summarised.
    using Cost = std::function<int(const ConversationTurn &turn, bool summarised)>;
    static FittedTurns fit(const QList<ConversationTurn> &turns, int budget, const Cost &cost);
};

} // namespace sqlmend::core
