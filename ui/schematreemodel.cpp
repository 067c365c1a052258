#include "ui/schematreemodel.h"

#include <QApplication>
#include <QPainter>
#include <QPixmap>
#include <QStyle>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// A small key drawn in the text colour: no icon theme can be counted on.
QIcon makeKeyIcon()
{
    QIcon icon;
    for (const int size : {16, 32}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        painter.setRenderHint(QPainter::Antialiasing);
        const qreal s = size / 16.0;
        QPen pen(QColor(0xc0, 0x90, 0x10), 1.6 * s);
        painter.setPen(pen);
        painter.drawEllipse(QPointF(5 * s, 8 * s), 3 * s, 3 * s);
        painter.drawLine(QPointF(8 * s, 8 * s), QPointF(14 * s, 8 * s));
        painter.drawLine(QPointF(12 * s, 8 * s), QPointF(12 * s, 11 * s));
        painter.drawLine(QPointF(14 * s, 8 * s), QPointF(14 * s, 11 * s));
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace

SchemaTreeModel::SchemaTreeModel(QObject *parent)
    : QAbstractItemModel(parent), m_keyIcon(makeKeyIcon())
{
    m_root.loaded = true;
}

SchemaTreeModel::~SchemaTreeModel() = default;

SchemaTreeModel::Node *SchemaTreeModel::nodeOf(const QModelIndex &index) const
{
    return index.isValid() ? static_cast<Node *>(index.internalPointer())
                           : const_cast<Node *>(&m_root);
}

int SchemaTreeModel::rowOf(const Node *node) const
{
    if (!node->parent)
        return 0;
    const auto &siblings = node->parent->children;
    for (size_t i = 0; i < siblings.size(); ++i) {
        if (siblings[i].get() == node)
            return int(i);
    }
    return -1;
}

QModelIndex SchemaTreeModel::indexOf(const Node *node, int column) const
{
    if (!node || node == &m_root)
        return {};
    return createIndex(rowOf(node), column, const_cast<Node *>(node));
}

SchemaTreeModel::Node *SchemaTreeModel::findConnection(int connection) const
{
    for (const auto &child : m_root.children) {
        if (child->connection == connection)
            return child.get();
    }
    return nullptr;
}

SchemaTreeModel::Node *SchemaTreeModel::findSchema(int connection, const QString &schema) const
{
    Node *parent = findConnection(connection);
    if (!parent)
        return nullptr;
    for (const auto &child : parent->children) {
        if (child->kind == NodeKind::Schema && child->name == schema)
            return child.get();
    }
    return nullptr;
}

void SchemaTreeModel::replaceChildren(Node *node, std::vector<std::unique_ptr<Node>> children)
{
    const QModelIndex parentIndex = indexOf(node);
    if (!node->children.empty()) {
        beginRemoveRows(parentIndex, 0, int(node->children.size()) - 1);
        node->children.clear();
        endRemoveRows();
    }
    node->loaded = true;
    node->loading = false;
    if (children.empty())
        return;
    beginInsertRows(parentIndex, 0, int(children.size()) - 1);
    for (auto &child : children)
        child->parent = node;
    node->children = std::move(children);
    endInsertRows();
}

void SchemaTreeModel::addConnection(int connection, const QString &name)
{
    if (findConnection(connection))
        return;
    auto node = std::make_unique<Node>();
    node->kind = NodeKind::Connection;
    node->parent = &m_root;
    node->connection = connection;
    node->name = name;
    const int row = int(m_root.children.size());
    beginInsertRows({}, row, row);
    m_root.children.push_back(std::move(node));
    endInsertRows();
}

void SchemaTreeModel::removeConnection(int connection)
{
    Node *node = findConnection(connection);
    if (!node)
        return;
    const int row = rowOf(node);
    beginRemoveRows({}, row, row);
    m_root.children.erase(m_root.children.begin() + row);
    endRemoveRows();
}

void SchemaTreeModel::resetConnection(int connection)
{
    Node *node = findConnection(connection);
    if (!node)
        return;
    replaceChildren(node, {});
    node->loaded = false;
    // The view asked for these rows once; it asks again only when told that children may exist.
    Q_EMIT dataChanged(indexOf(node), indexOf(node, TypeColumn));
}

void SchemaTreeModel::setSchemas(int connection, const QStringList &schemas,
                                 const QString &defaultSchema)
{
    Node *parent = findConnection(connection);
    if (!parent)
        return;
    std::vector<std::unique_ptr<Node>> children;
    for (const QString &schema : schemas) {
        auto node = std::make_unique<Node>();
        node->kind = NodeKind::Schema;
        node->connection = connection;
        node->name = schema;
        node->schema = schema;
        node->isDefault = schema == defaultSchema;
        children.push_back(std::move(node));
    }
    replaceChildren(parent, std::move(children));
}

void SchemaTreeModel::setTables(int connection, const QString &schema,
                                const QList<core::CatalogTable> &tables)
{
    Node *parent = findSchema(connection, schema);
    if (!parent)
        return;
    std::vector<std::unique_ptr<Node>> children;
    for (const core::CatalogTable &table : tables) {
        auto node = std::make_unique<Node>();
        node->kind = NodeKind::Table;
        node->connection = connection;
        node->schema = schema;
        node->name = table.name;
        node->table = table;
        node->loaded = true;
        for (const core::CatalogColumn &column : table.columns) {
            auto columnNode = std::make_unique<Node>();
            columnNode->kind = NodeKind::Column;
            columnNode->parent = node.get();
            columnNode->connection = connection;
            columnNode->schema = schema;
            columnNode->name = column.name;
            columnNode->column = column;
            columnNode->loaded = true;
            for (const core::CatalogForeignKey &key : table.foreignKeys) {
                const qsizetype at = key.columns.indexOf(column.name);
                if (at < 0)
                    continue;
                const QString target = key.referencedColumns.value(at);
                columnNode->foreignKey = target.isEmpty()
                        ? key.referencedTable
                        : u"%1.%2"_s.arg(key.referencedTable, target);
            }
            node->children.push_back(std::move(columnNode));
        }
        // Columns are table.name's; the node keeps only what it shows.
        node->table.columns.clear();
        children.push_back(std::move(node));
    }
    replaceChildren(parent, std::move(children));
}

void SchemaTreeModel::setLoadFailed(int connection, const QString &schema, const QString &message)
{
    Node *parent = schema.isEmpty() ? findConnection(connection) : findSchema(connection, schema);
    if (!parent)
        return;
    auto node = std::make_unique<Node>();
    node->kind = NodeKind::Message;
    node->connection = connection;
    node->schema = schema;
    node->name = message;
    node->loaded = true;
    std::vector<std::unique_ptr<Node>> children;
    children.push_back(std::move(node));
    replaceChildren(parent, std::move(children));
}

QModelIndex SchemaTreeModel::connectionIndex(int connection) const
{
    return indexOf(findConnection(connection));
}

QModelIndex SchemaTreeModel::schemaIndex(int connection, const QString &schema) const
{
    return indexOf(findSchema(connection, schema));
}

QModelIndex SchemaTreeModel::tableIndex(int connection, const QString &schema,
                                        const QString &table) const
{
    const Node *parent = findSchema(connection, schema);
    if (!parent)
        return {};
    for (const auto &child : parent->children) {
        if (child->kind == NodeKind::Table && child->name == table)
            return indexOf(child.get());
    }
    return {};
}

QModelIndex SchemaTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (parent.isValid() && parent.column() != 0)
        return {};
    const Node *node = nodeOf(parent);
    if (row >= int(node->children.size()))
        return {};
    return createIndex(row, column, node->children[size_t(row)].get());
}

QModelIndex SchemaTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    return indexOf(nodeOf(child)->parent);
}

int SchemaTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(nodeOf(parent)->children.size());
}

int SchemaTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

bool SchemaTreeModel::hasChildren(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return false;
    const Node *node = nodeOf(parent);
    if (!node->loaded)
        return node->kind == NodeKind::Connection || node->kind == NodeKind::Schema;
    return !node->children.empty();
}

bool SchemaTreeModel::canFetchMore(const QModelIndex &parent) const
{
    if (!parent.isValid() || parent.column() != 0)
        return false;
    const Node *node = nodeOf(parent);
    return !node->loaded && !node->loading
            && (node->kind == NodeKind::Connection || node->kind == NodeKind::Schema);
}

void SchemaTreeModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent))
        return;
    Node *node = nodeOf(parent);
    node->loading = true;
    if (node->kind == NodeKind::Connection)
        Q_EMIT schemasRequested(node->connection);
    else
        Q_EMIT tablesRequested(node->connection, node->name);
}

QVariant SchemaTreeModel::displayData(const Node *node, int column) const
{
    if (column == NameColumn)
        return node->name;
    switch (node->kind) {
    case NodeKind::Column:
        return node->column.nullable ? node->column.type : tr("%1 not null").arg(node->column.type);
    case NodeKind::Table:
        if (node->table.isView())
            return tr("view");
        if (node->table.rowEstimate >= 0)
            return tr("≈ %n row(s)", nullptr, int(qMin<qint64>(node->table.rowEstimate, INT_MAX)));
        return tr("table");
    case NodeKind::Schema:
        return node->isDefault ? tr("default") : QString();
    case NodeKind::Connection:
    case NodeKind::Message:
        break;
    }
    return {};
}

QString SchemaTreeModel::toolTip(const Node *node) const
{
    QStringList lines;
    switch (node->kind) {
    case NodeKind::Table:
        lines << tr("%1.%2").arg(node->schema, node->name);
        if (!node->table.comment.isEmpty())
            lines << node->table.comment;
        break;
    case NodeKind::Column:
        lines << tr("%1: %2").arg(node->name, node->column.type);
        if (node->column.isPrimaryKey())
            lines << tr("Primary key (position %1)").arg(node->column.primaryKeyPosition);
        if (!node->foreignKey.isEmpty())
            lines << tr("References %1").arg(node->foreignKey);
        if (!node->column.comment.isEmpty())
            lines << node->column.comment;
        break;
    case NodeKind::Connection:
    case NodeKind::Schema:
    case NodeKind::Message:
        lines << node->name;
        break;
    }
    return lines.join(u'\n');
}

QIcon SchemaTreeModel::icon(const Node *node) const
{
    const QStyle *style = QApplication::style();
    switch (node->kind) {
    case NodeKind::Connection:
        return style->standardIcon(QStyle::SP_DriveHDIcon);
    case NodeKind::Schema:
        return style->standardIcon(QStyle::SP_DirIcon);
    case NodeKind::Table:
        return style->standardIcon(QStyle::SP_FileIcon);
    case NodeKind::Column:
        if (node->column.isPrimaryKey())
            return m_keyIcon;
        if (!node->foreignKey.isEmpty())
            return style->standardIcon(QStyle::SP_ArrowRight);
        return {};
    case NodeKind::Message:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    }
    return {};
}

QVariant SchemaTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this)
        return {};
    const Node *node = nodeOf(index);
    switch (role) {
    case Qt::DisplayRole:
        return displayData(node, index.column());
    case Qt::ToolTipRole:
        return toolTip(node);
    case Qt::DecorationRole:
        // Icons come from the widget style, which exists only in a QApplication.
        if (index.column() == NameColumn
            && qobject_cast<QApplication *>(QCoreApplication::instance()))
            return icon(node);
        return {};
    case Qt::AccessibleTextRole:
        return tr("%1 %2").arg(node->name, displayData(node, TypeColumn).toString());
    case KindRole:
        return int(node->kind);
    case NameRole:
        return node->name;
    case ConnectionRole:
        return node->connection;
    case SchemaRole:
        return node->schema;
    case TableRole:
        if (node->kind == NodeKind::Table)
            return node->name;
        if (node->kind == NodeKind::Column && node->parent)
            return node->parent->name;
        return {};
    case QualifiedNameRole:
        if (node->kind == NodeKind::Table)
            return u"%1.%2"_s.arg(node->schema, node->name);
        if (node->kind == NodeKind::Column && node->parent)
            return u"%1.%2"_s.arg(node->parent->name, node->name);
        return node->name;
    default:
        return {};
    }
}

QVariant SchemaTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Name");
    case TypeColumn:
        return tr("Type");
    default:
        return {};
    }
}

Qt::ItemFlags SchemaTreeModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return Qt::NoItemFlags;
    Qt::ItemFlags result = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (nodeOf(index)->children.empty() && nodeOf(index)->loaded)
        result |= Qt::ItemNeverHasChildren;
    return result;
}

} // namespace sqlmend::ui
