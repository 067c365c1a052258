#include "core/repair/countrowstar.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

std::optional<Repair> CountRowStar::propose(const RepairInput &input) const
{
    if (input.errorClass() != ErrorClass::Syntax || !input.capture(Capture::Token).startsWith(u'*'))
        return std::nullopt;
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;
    QList<std::pair<qsizetype, QString>> replacements;
    QStringList counted; // "COUNT(t.*)" as written
    // COUNT ( t . * )
    for (qsizetype i = 0; i + 5 < tokens.size(); ++i) {
        if (!tokens.at(i).isWord(u"COUNT") || tokens.at(i + 1).kind != SqlTokenKind::OpenParen)
            continue;
        const SqlToken &table = tokens.at(i + 2);
        if ((table.kind != SqlTokenKind::Word && table.kind != SqlTokenKind::QuotedIdentifier)
            || tokens.at(i + 3).kind != SqlTokenKind::Dot
            || tokens.at(i + 4).kind != SqlTokenKind::Operator
            || tokens.at(i + 4).text(input.sql()) != u"*"
            || tokens.at(i + 5).kind != SqlTokenKind::CloseParen)
            continue;
        // The table must be one the COUNT's own query reads, on no outer join's NULL side.
        const int block = scope.blockAt(i);
        const QueryScope::Source *source = scope.find(table.name, block);
        if (!source || source->block != block || source->nullable)
            return std::nullopt;
        replacements.append({i + 2, u"*"_s});
        replacements.append({i + 3, QString()});
        replacements.append({i + 4, QString()});
        counted.append(u"COUNT(%1.*)"_s.arg(table.text(input.sql())));
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                counted.join(u", "_s) + u" -> COUNT(*)"_s);
}

} // namespace sqlmend::core
