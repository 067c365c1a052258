#include "core/repair/orderdirection.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> OrderDirection::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax)
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<qsizetype> words = scope.orderDirectionWords();
    // The engine stopped at the first such word.
    if (words.isEmpty() || !input.stoppedAt(words.first()))
        return std::nullopt;
    QList<std::pair<qsizetype, QString>> replacements;
    QStringList changes;
    for (const qsizetype word : words) {
        const bool smallest = scope.tokens.at(word).isWord(u"MIN");
        const QString written = scope.tokens.at(word).text(input.sql()).toString();
        replacements.append({word, smallest ? u"ASC"_s : u"DESC"_s});
        changes.append(u"%1 -> %2"_s.arg(written, smallest ? u"ASC"_s : u"DESC"_s));
    }
    changes.removeDuplicates();
    return made(repairtext::replaced(input.sql(), scope.tokens, replacements),
                u"ORDER BY "_s + changes.join(u", "_s));
}

} // namespace sqlmend::core
