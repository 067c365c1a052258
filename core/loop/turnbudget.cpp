#include "core/loop/turnbudget.h"

namespace sqlmend::core {

FittedTurns TurnBudget::fit(const QList<ConversationTurn> &turns, int budget, const Cost &cost)
{
    FittedTurns fitted;
    bool summarising = false;
    qsizetype kept = 0; // from the newest back
    QList<FittedTurns::Entry> newestFirst;
    for (qsizetype i = turns.size() - 1; i >= 0; --i) {
        const ConversationTurn &turn = turns.at(i);
        if (!summarising) {
            const int whole = cost(turn, false);
            if (fitted.tokens + whole <= budget) {
                fitted.tokens += whole;
                newestFirst.append({turn, false});
                ++kept;
                continue;
            }
            summarising = true;
        }
        const int summary = cost(turn, true);
        if (fitted.tokens + summary > budget)
            break;
        fitted.tokens += summary;
        newestFirst.append({turn, true});
        ++kept;
    }
    fitted.dropped = int(turns.size() - kept);
    fitted.entries.reserve(newestFirst.size());
    for (auto it = newestFirst.crbegin(); it != newestFirst.crend(); ++it)
        fitted.entries.append(*it);
    return fitted;
}

} // namespace sqlmend::core
