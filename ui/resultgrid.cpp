#include "ui/resultgrid.h"

#include "core/exec/resultmodel.h"
#include "ui/valueviewer.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDate>
#include <QDateTime>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QMenu>
#include <QScrollBar>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTime>
#include <QTimer>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

namespace {

// Fitted columns stay within this many average characters.
constexpr int maxFittedCharacters = 48;

bool isNullValue(const QVariant &value)
{
    return !value.isValid() || value.isNull();
}

bool isNumeric(const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Short:
    case QMetaType::UShort:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::Double:
    case QMetaType::Float:
        return true;
    default:
        return false;
    }
}

// NULL and the empty string get a look of their own; numbers line up on the right.
class CellDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        const ResultGrid::CellLook look = ResultGrid::cellLook(index.data(Qt::EditRole));
        if (look.muted) {
            option->text = look.text;
            option->font.setItalic(true);
            const QColor muted = option->palette.color(QPalette::PlaceholderText);
            option->palette.setColor(QPalette::Text, muted);
            option->palette.setColor(QPalette::WindowText, muted);
            return;
        }
        if (look.rightAligned)
            option->displayAlignment = Qt::AlignRight | Qt::AlignVCenter;
    }
};

// Sorts by the values themselves: NULL first, numbers as numbers, text as people read it.
class ResultSortProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        const QVariant a = left.data(Qt::EditRole);
        const QVariant b = right.data(Qt::EditRole);
        const bool aNull = isNullValue(a);
        const bool bNull = isNullValue(b);
        if (aNull || bNull)
            return aNull && !bNull;
        if (isNumeric(a) && isNumeric(b)) {
            if (a.typeId() == QMetaType::LongLong && b.typeId() == QMetaType::LongLong)
                return a.toLongLong() < b.toLongLong();
            return a.toDouble() < b.toDouble();
        }
        if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
            return a.toString().localeAwareCompare(b.toString()) < 0;
        return QVariant::compare(a, b) == QPartialOrdering::Less;
    }
};

} // namespace

ResultGrid::CellLook ResultGrid::cellLook(const QVariant &value)
{
    if (isNullValue(value))
        return {u"NULL"_s, true, false};
    if (value.typeId() == QMetaType::QString
        && static_cast<const QString *>(value.constData())->isEmpty())
        return {tr("(empty)"), true, false};
    return {QString(), false, isNumeric(value)};
}

ResultGrid::ResultGrid(QWidget *parent) : QTableView(parent)
{
    m_proxy = new ResultSortProxy(this);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // any column
    m_proxy->setSortRole(Qt::EditRole);
    m_proxy->setDynamicSortFilter(true);
    setModel(m_proxy);
    setItemDelegate(new CellDelegate(this));
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWordWrap(false);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    horizontalHeader()->setSortIndicatorClearable(true);
    horizontalHeader()->setHighlightSections(false);
    setSortingEnabled(true);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    setToolTip(tr("Enter or a double click shows a whole value"));

    const auto addAction = [this](const QString &text, const QKeySequence &shortcut, auto slot) {
        auto *action = new QAction(text, this);
        if (!shortcut.isEmpty()) {
            action->setShortcut(shortcut);
            action->setShortcutContext(Qt::WidgetShortcut);
        }
        connect(action, &QAction::triggered, this, slot);
        QWidget::addAction(action);
        return action;
    };
    m_copy = addAction(tr("&Copy"), QKeySequence::Copy, [this] { copySelection(false); });
    m_copyHeaders =
            addAction(tr("Copy with &Headers"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                      [this] { copySelection(true); });
    m_copyCsv =
            addAction(tr("Copy as C&SV"), {}, [this] { copySelectionAs(core::ExportFormat::Csv); });
    m_copyMarkdown = addAction(tr("Copy as &Markdown"), {},
                               [this] { copySelectionAs(core::ExportFormat::Markdown); });
    m_copyJson = addAction(tr("Copy as &JSON"), {},
                           [this] { copySelectionAs(core::ExportFormat::Json); });
    m_viewValue = addAction(tr("Show the &Whole Value…"), QKeySequence(Qt::SHIFT | Qt::Key_Return),
                            [this] { showValue(currentIndex()); });
    m_fit = addAction(tr("&Fit Columns"), {}, [this] { fitColumns(); });
    m_clearSort = addAction(tr("Clear Sorting and &Filter"), {}, [this] { clearSortAndFilter(); });
    m_export = addAction(tr("&Export…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                         [this] { Q_EMIT exportRequested(); });

    connect(this, &QAbstractItemView::activated, this, &ResultGrid::showValue);
    // Sorting reads the rows exposed so far: all loaded rows come out first.
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int section) {
        if (section >= 0)
            exposeAll();
    });
}

ResultGrid::~ResultGrid() = default;

void ResultGrid::setSourceModel(QAbstractItemModel *model)
{
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    m_source = model;
    m_proxy->setSourceModel(model);
    m_fitPending = true;
    if (!model)
        return;
    // Columns are fitted once per result, when its first rows are in.
    const auto refit = [this] { m_fitPending = true; };
    connect(model, &QAbstractItemModel::modelReset, this, refit);
    connect(model, &QAbstractItemModel::columnsInserted, this, refit);
    connect(model, &QAbstractItemModel::rowsInserted, this, [this] {
        if (!m_fitPending)
            return;
        m_fitPending = false;
        QTimer::singleShot(0, this, &ResultGrid::fitColumns);
    });
    if (model->rowCount() > 0) {
        m_fitPending = false;
        fitColumns();
    }
}

QAbstractItemModel *ResultGrid::sourceModel() const
{
    return m_source;
}

void ResultGrid::exposeAll()
{
    if (auto *results = qobject_cast<core::ResultModel *>(m_source.data()))
        results->exposeAll();
}

void ResultGrid::setFilterText(const QString &text)
{
    if (!text.isEmpty())
        exposeAll();
    m_filterText = text;
    m_proxy->setFilterFixedString(text);
    Q_EMIT filterChanged();
}

QString ResultGrid::filterText() const
{
    return m_filterText;
}

bool ResultGrid::isFiltered() const
{
    return !m_filterText.isEmpty();
}

bool ResultGrid::isSorted() const
{
    return m_proxy->sortColumn() >= 0;
}

void ResultGrid::clearSortAndFilter()
{
    horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_proxy->sort(-1);
    setFilterText({});
}

int ResultGrid::shownRowCount() const
{
    return m_proxy->rowCount();
}

QVariant ResultGrid::valueAt(int proxyRow, int column) const
{
    return m_proxy->index(proxyRow, column).data(Qt::EditRole);
}

QString ResultGrid::copyText(const QVariant &value)
{
    if (isNullValue(value))
        return {};
    switch (value.typeId()) {
    case QMetaType::QByteArray:
        return QString::fromLatin1(value.toByteArray().toBase64());
    case QMetaType::QDateTime:
        return value.toDateTime().toString(Qt::ISODateWithMs);
    case QMetaType::QDate:
        return value.toDate().toString(Qt::ISODate);
    case QMetaType::QTime:
        return value.toTime().toString(Qt::ISODateWithMs);
    case QMetaType::Double:
    case QMetaType::Float:
        return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    default:
        return value.toString();
    }
}

namespace {

struct Range
{
    int top = INT_MAX, bottom = -1, left = INT_MAX, right = -1;
    QSet<QPair<int, int>> cells;
    bool isEmpty() const { return bottom < 0; }
};

Range selectionRange(const QTableView *view)
{
    Range range;
    QModelIndexList indexes =
            view->selectionModel() ? view->selectionModel()->selectedIndexes() : QModelIndexList();
    if (indexes.isEmpty() && view->currentIndex().isValid())
        indexes << view->currentIndex();
    for (const QModelIndex &index : std::as_const(indexes)) {
        range.top = std::min(range.top, index.row());
        range.bottom = std::max(range.bottom, index.row());
        range.left = std::min(range.left, index.column());
        range.right = std::max(range.right, index.column());
        range.cells.insert({index.row(), index.column()});
    }
    return range;
}

// Tab-separated as spreadsheets read it: a field with a tab, a line break or a quote is quoted.
QString tsvField(const QString &text)
{
    if (!text.contains(u'\t') && !text.contains(u'\n') && !text.contains(u'\r')
        && !text.contains(u'"'))
        return text;
    QString quoted = text;
    quoted.replace(u'"', u"\"\""_s);
    return u'"' + quoted + u'"';
}

} // namespace

QString ResultGrid::selectionText(bool withHeaders) const
{
    const Range range = selectionRange(this);
    if (range.isEmpty())
        return {};
    if (!withHeaders && range.cells.size() == 1)
        return copyText(valueAt(range.top, range.left));
    QStringList lines;
    if (withHeaders) {
        QStringList header;
        for (int c = range.left; c <= range.right; ++c)
            header << tsvField(m_proxy->headerData(c, Qt::Horizontal).toString());
        lines << header.join(u'\t');
    }
    for (int r = range.top; r <= range.bottom; ++r) {
        QStringList fields;
        for (int c = range.left; c <= range.right; ++c)
            fields << (range.cells.contains({r, c}) ? tsvField(copyText(valueAt(r, c)))
                                                    : QString());
        lines << fields.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

QString ResultGrid::selectionAs(core::ExportFormat format) const
{
    const Range range = selectionRange(this);
    if (range.isEmpty() || format == core::ExportFormat::Xlsx)
        return {};
    QStringList columns;
    for (int c = range.left; c <= range.right; ++c)
        columns << m_proxy->headerData(c, Qt::Horizontal).toString();
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const std::unique_ptr<core::ExportWriter> writer = core::ExportWriter::create(format, &buffer);
    if (!writer->begin(columns))
        return {};
    for (int r = range.top; r <= range.bottom; ++r) {
        QVariantList row;
        for (int c = range.left; c <= range.right; ++c)
            row << (range.cells.contains({r, c}) ? valueAt(r, c) : QVariant());
        if (!writer->writeRow(row))
            return {};
    }
    if (!writer->finish())
        return {};
    return QString::fromUtf8(buffer.data());
}

void ResultGrid::copySelection(bool withHeaders)
{
    const QString text = selectionText(withHeaders);
    if (!text.isEmpty() || !selectionRange(this).isEmpty())
        QApplication::clipboard()->setText(text);
}

void ResultGrid::copySelectionAs(core::ExportFormat format)
{
    const QString text = selectionAs(format);
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

core::RowSource ResultGrid::rows() const
{
    const bool reordered = isSorted() || isFiltered();
    if (auto *results = qobject_cast<core::ResultModel *>(m_source.data())) {
        QList<qint64> order;
        if (reordered) {
            order.reserve(m_proxy->rowCount());
            for (int r = 0; r < m_proxy->rowCount(); ++r)
                order.append(m_proxy->mapToSource(m_proxy->index(r, 0)).row());
            if (order.isEmpty())
                order.append(-1); // nothing passes the filter: one hole, never a row
        }
        core::RowSource source = results->rowSource(order);
        if (reordered && m_proxy->rowCount() == 0)
            source.count = 0;
        return source;
    }
    QStringList columns;
    for (int c = 0; c < m_proxy->columnCount(); ++c)
        columns << m_proxy->headerData(c, Qt::Horizontal).toString();
    QList<QVariantList> values;
    values.reserve(m_proxy->rowCount());
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        QVariantList row;
        row.reserve(columns.size());
        for (int c = 0; c < columns.size(); ++c)
            row << valueAt(r, c);
        values << row;
    }
    return core::RowSource::fromRows(columns, values);
}

int ResultGrid::maxFittedWidth() const
{
    return fontMetrics().averageCharWidth() * maxFittedCharacters;
}

void ResultGrid::fitColumns()
{
    QHeaderView *header = horizontalHeader();
    // The header samples up to 1,000 rows around the visible ones: bounded work per fit.
    header->setResizeContentsPrecision(1000);
    resizeColumnsToContents();
    const int widest = maxFittedWidth();
    for (int c = 0; c < header->count(); ++c) {
        if (header->sectionSize(c) > widest)
            header->resizeSection(c, widest);
    }
}

void ResultGrid::showValue(const QModelIndex &index)
{
    if (!index.isValid() || index.model() != m_proxy)
        return;
    if (!m_viewer) {
        m_viewer = new ValueViewer(this);
        m_viewer->setAttribute(Qt::WA_DeleteOnClose, false);
    }
    const QString column = m_proxy->headerData(index.column(), Qt::Horizontal).toString();
    m_viewer->setValue(index.data(Qt::EditRole),
                       tr("%1, row %2").arg(column).arg(m_proxy->mapToSource(index).row() + 1));
    m_viewer->show();
    m_viewer->raise();
    m_viewer->activateWindow();
}

void ResultGrid::contextMenuEvent(QContextMenuEvent *event)
{
    const bool hasCell = currentIndex().isValid();
    for (QAction *action : {m_copy, m_copyHeaders, m_copyCsv, m_copyMarkdown, m_copyJson})
        action->setEnabled(hasCell);
    m_viewValue->setEnabled(hasCell);
    m_fit->setEnabled(m_proxy->columnCount() > 0);
    m_clearSort->setEnabled(isSorted() || isFiltered());
    m_export->setEnabled(m_proxy->columnCount() > 0);
    QMenu menu(this);
    menu.addAction(m_copy);
    menu.addAction(m_copyHeaders);
    QMenu *copyAs = menu.addMenu(tr("Copy &As"));
    copyAs->addAction(m_copyCsv);
    copyAs->addAction(m_copyMarkdown);
    copyAs->addAction(m_copyJson);
    menu.addSeparator();
    menu.addAction(m_viewValue);
    menu.addAction(m_fit);
    menu.addAction(m_clearSort);
    menu.addSeparator();
    menu.addAction(m_export);
    menu.exec(event->globalPos());
}

} // namespace sqlmend::ui
