#include "core/repair/referencedkey.h"

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

using Range = std::pair<qsizetype, qsizetype>; // [first, last] tokens

// The SELECT token that starts a block, or -1.
qsizetype selectOf(const QueryScope &scope, int block)
{
    for (qsizetype i = 0; i < scope.tokens.size(); ++i) {
        if (scope.blockOf.at(i) == block && scope.tokens.at(i).isWord(u"SELECT"))
            return i;
    }
    return -1;
}

// The items of the SELECT list that starts at select, up to its FROM; empty without a FROM.
QList<Range> selectItems(const QueryScope &scope, qsizetype select)
{
    const QList<SqlToken> &tokens = scope.tokens;
    const int depth = scope.depthOf.at(select);
    qsizetype first = select + 1;
    if (first < tokens.size()
        && (tokens.at(first).isWord(u"DISTINCT") || tokens.at(first).isWord(u"ALL")))
        ++first;
    QList<Range> items;
    for (qsizetype i = first; i < tokens.size(); ++i) {
        if (scope.depthOf.at(i) < depth)
            return {};
        if (scope.depthOf.at(i) > depth)
            continue;
        const SqlToken &token = tokens.at(i);
        if (token.kind == SqlTokenKind::Comma || token.isWord(u"FROM")) {
            if (i == first)
                return {};
            items.append({first, i - 1});
            if (token.isWord(u"FROM"))
                return items;
            first = i + 1;
        } else if (isSetOperatorAt(tokens, i) || token.kind == SqlTokenKind::Semicolon) {
            return {};
        }
    }
    return {};
}

// The SELECTs of the compound the SELECT at select is a member of, in order (itself alone where it
// is no member of one); empty where a member is written in parentheses.
QList<qsizetype> compoundMembers(const QueryScope &scope, qsizetype select)
{
    const int depth = scope.depthOf.at(select);
    qsizetype start = select;
    while (start > 0 && scope.depthOf.at(start - 1) >= depth)
        --start;
    QList<qsizetype> members;
    bool afterOperator = true;
    for (qsizetype i = start; i < scope.tokens.size() && scope.depthOf.at(i) >= depth; ++i) {
        if (scope.depthOf.at(i) > depth)
            continue;
        const SqlToken &token = scope.tokens.at(i);
        if (token.isWord(u"SELECT")) {
            if (!afterOperator)
                return {};
            members.append(i);
            afterOperator = false;
        } else if (isSetOperatorAt(scope.tokens, i)) {
            afterOperator = true;
        } else if (afterOperator && token.kind == SqlTokenKind::OpenParen) {
            return {}; // a member in parentheses
        } else if (afterOperator && !token.isWord(u"ALL") && !token.isWord(u"DISTINCT")
                   && !members.isEmpty()) {
            return {};
        }
    }
    return members;
}

} // namespace

std::optional<Repair> ReferencedKey::propose(const RepairInput &input) const
{
    const SchemaNames *schema = input.schema();
    if (!schema || input.errorClass() != ErrorClass::ColumnMissing)
        return std::nullopt;
    const QString wrong =
            repairtext::lastNamePart(repairtext::unquotedName(input.capture(Capture::Name)));
    if (wrong.isEmpty())
        return std::nullopt;
    // Every column of that name is a foreign key onto the whole one-column key of one table.
    const SchemaNames::Table *keyed = nullptr;
    for (const SchemaNames::Table &holder : schema->tables) {
        if (!holder.hasColumn(wrong))
            continue;
        const SchemaNames::ForeignKey *foreign = holder.keyOn(wrong);
        const SchemaNames::Table *to = foreign ? schema->referencedByWholeKey(*foreign) : nullptr;
        if (!to || to == &holder || (keyed && keyed != to))
            return std::nullopt;
        keyed = to;
    }
    if (!keyed || keyed->hasColumn(wrong))
        return std::nullopt;
    const QString key = keyed->realColumn(keyed->primaryKey.constFirst());
    const QueryScope &scope = input.scope();
    const QList<SqlToken> &tokens = scope.tokens;

    // The reference that is the whole item, or null.
    const auto referenceIn = [&](const Range &item) -> const QueryScope::Reference * {
        for (const QueryScope::Reference &reference : scope.references) {
            const qsizetype first =
                    reference.qualifier.isEmpty() ? reference.token : reference.token - 2;
            if (first == item.first && reference.token == item.second)
                return &reference;
        }
        return nullptr;
    };
    // The table the item reads the name from, where the item is the name itself (null otherwise):
    // one whose column of that name is a key onto keyed, or keyed itself.
    const auto nameReadFrom = [&](const Range &item) -> const SchemaNames::Table * {
        const QueryScope::Reference *reference = referenceIn(item);
        if (!reference || !repairtext::namesIt(tokens.at(reference->token), wrong))
            return nullptr;
        const QueryScope::Source *source = scope.sourceOf(*reference);
        const SchemaNames::Table *table =
                source && !source->derived ? schema->findTable(source->table) : nullptr;
        return table && (table == keyed || table->hasColumn(wrong)) ? table : nullptr;
    };
    const auto isReferringKey = [&](const Range &item) {
        const SchemaNames::Table *table = nameReadFrom(item);
        return table && table != keyed;
    };
    // Whether the statement sets the reference against a key onto keyed of the same name, and
    // whether it does so as an item of a compound's select list.
    enum class Tie { None, Operand, Item };
    const auto tieOf = [&](const QueryScope::Reference &reference) {
        const qsizetype first =
                reference.qualifier.isEmpty() ? reference.token : reference.token - 2;
        // At the same place of every other member of a compound.
        const qsizetype select = selectOf(scope, reference.block);
        const QList<Range> items = select >= 0 ? selectItems(scope, select) : QList<Range>();
        const qsizetype place = items.indexOf(Range{first, reference.token});
        if (place >= 0) {
            // Each other member reads the name there too, one of them from a key onto keyed.
            bool referring = false;
            for (const qsizetype member : compoundMembers(scope, select)) {
                if (member == select)
                    continue;
                const QList<Range> others = selectItems(scope, member);
                if (others.size() != items.size() || !nameReadFrom(others.at(place)))
                    return Tie::None;
                referring = referring || isReferringKey(others.at(place));
            }
            return referring ? Tie::Item : Tie::None;
        }
        // An operand of = or [NOT] IN, the other a key onto keyed of the same name: a column, or a
        // subquery (no compound) of that one column.
        const auto startsCondition = [&](qsizetype i) {
            return i >= 0
                    && (tokens.at(i).isWord(u"WHERE") || tokens.at(i).isWord(u"AND")
                        || tokens.at(i).isWord(u"OR") || tokens.at(i).isWord(u"NOT")
                        || tokens.at(i).isWord(u"HAVING") || tokens.at(i).isWord(u"ON")
                        || tokens.at(i).kind == SqlTokenKind::OpenParen);
        };
        const auto endsOperand = [&](qsizetype i) {
            return i < 0
                    || (tokens.at(i).kind != SqlTokenKind::Operator
                        && tokens.at(i).kind != SqlTokenKind::Dot
                        && tokens.at(i).kind != SqlTokenKind::OpenParen);
        };
        const auto isEquals = [&](qsizetype i) {
            return i >= 0 && tokens.at(i).kind == SqlTokenKind::Operator
                    && tokens.at(i).text(input.sql()) == u"=";
        };
        const auto referringColumn = [&](qsizetype column, qsizetype qualifier) {
            const Range item{qualifier >= 0 ? qualifier : column, column};
            return column >= 0 && isReferringKey(item);
        };
        const auto referringSubquery = [&](qsizetype open) {
            const qsizetype sub = open >= 0 ? repairtext::significant(tokens, open, 1) : -1;
            if (sub < 0 || tokens.at(open).kind != SqlTokenKind::OpenParen
                || !tokens.at(sub).isWord(u"SELECT") || compoundMembers(scope, sub).size() != 1)
                return false;
            const QList<Range> subItems = selectItems(scope, sub);
            return subItems.size() == 1 && isReferringKey(subItems.constFirst());
        };
        const qsizetype before = repairtext::significant(tokens, first, -1);
        const qsizetype after = repairtext::significant(tokens, reference.token, 1);
        if (startsCondition(before)) {
            qsizetype op = after;
            if (op >= 0 && tokens.at(op).isWord(u"NOT"))
                op = repairtext::significant(tokens, op, 1);
            if (op >= 0 && (tokens.at(op).isWord(u"IN") || isEquals(op))) {
                const qsizetype next = repairtext::significant(tokens, op, 1);
                if (next >= 0 && tokens.at(next).kind == SqlTokenKind::OpenParen)
                    return referringSubquery(next) ? Tie::Operand : Tie::None;
                if (!isEquals(op))
                    return Tie::None;
                const auto [column, qualifier] = repairtext::operandBeside(tokens, op, 1);
                return endsOperand(repairtext::significant(tokens, column, 1))
                                && referringColumn(column, qualifier)
                        ? Tie::Operand
                        : Tie::None;
            }
        }
        if (isEquals(before) && endsOperand(after)) {
            const auto [column, qualifier] = repairtext::operandBeside(tokens, before, -1);
            return column >= 0
                            && startsCondition(repairtext::significant(
                                    tokens, qualifier >= 0 ? qualifier : column, -1))
                            && referringColumn(column, qualifier)
                    ? Tie::Operand
                    : Tie::None;
        }
        return Tie::None;
    };

    QList<std::pair<qsizetype, QString>> replacements;
    for (const QueryScope::Reference &reference : scope.references) {
        if (!repairtext::namesIt(tokens.at(reference.token), wrong))
            continue;
        const QueryScope::Source *source = scope.sourceOf(reference);
        if (!source || source->derived)
            return std::nullopt;
        const SchemaNames::Table *table = schema->findTable(source->table);
        if (!table)
            return std::nullopt;
        if (table->hasColumn(wrong))
            continue; // a key onto keyed, read where it is
        const Tie tie = table == keyed && !source->nullable ? tieOf(reference) : Tie::None;
        if (tie == Tie::None)
            return std::nullopt;
        QString spelled = repairtext::spelledName(key, input.engine(),
                                                  tokens.at(reference.token).kind
                                                          == SqlTokenKind::QuotedIdentifier);
        // A compound's result keeps the name the model gave its column (an ORDER BY after the
        // last member may name it).
        if (tie == Tie::Item)
            spelled += u" AS "_s + tokens.at(reference.token).text(input.sql()).toString();
        replacements.append({reference.token, spelled});
    }
    if (replacements.isEmpty())
        return std::nullopt;
    return made(repairtext::replaced(input.sql(), tokens, replacements),
                u"%1 -> %2"_s.arg(wrong, key));
}

} // namespace sqlmend::core
